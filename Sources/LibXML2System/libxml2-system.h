// LibXML2System: the system libxml2, found with pkg-config (its headers live in a libxml2/
// subfolder, so the -I flag must come from pkg-config). Only the C target CLibXML2 depends on it; no
// Swift module imports it: Debian's libxml2 headers include the system ICU's, which must not meet
// Foundation's own ICU in a Swift module (see Sources/ICUSystem/icu-system.h).
#include <libxml/xmlversion.h>
