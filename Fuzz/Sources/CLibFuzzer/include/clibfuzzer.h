#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer). Declared here because SwiftPM links
/// an executable with `main` defined as `<module>_main`, so libFuzzer's own `main` is never pulled
/// in: each fuzz target's `<module>_main` calls this instead.
int LLVMFuzzerRunDriver(int *_Nonnull argc, char *_Nullable *_Nonnull *_Nonnull argv,
                        int (*_Nonnull callback)(const uint8_t *_Nullable data, size_t size));

#endif
