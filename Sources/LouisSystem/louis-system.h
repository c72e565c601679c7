// LouisSystem: the system liblouis (Debian liblouis-dev), found with pkg-config. Only the C target
// CLouis depends on it; no Swift module imports it.
#include <liblouis/liblouis.h>
