// ICUSystem: the system ICU, found with pkg-config. Only the C target CICU depends on it (for the
// header search path and the libraries); no Swift module imports it. Swift modules that import
// Foundation must never see the system ICU's headers: Foundation carries its own ICU
// (_FoundationICU), and two definitions of `UErrorCode` in one Swift module fail the build.
#include <unicode/utypes.h>
