// CMarkGFMSystem: Debian's cmark-gfm (libcmark-gfm-dev, libcmark-gfm-extensions-dev 0.29.0.gfm.6),
// found with pkg-config (libcmark-gfm). Only the C target CCMarkGFM depends on it; DocumentParsing
// sees cmark-gfm through CCMarkGFM's wrappers.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
