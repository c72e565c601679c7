// Nothing to compile: the header declares a function of libFuzzer's runtime.
#include "clibfuzzer.h"
