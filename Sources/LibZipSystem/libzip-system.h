// LibZipSystem: the system libzip (Debian libzip-dev 1.7.3), found with pkg-config. Only the C target
// CLibZip depends on it; no Swift module imports it (Swift sees plain C types only, as with libxml2).
#include <zip.h>
