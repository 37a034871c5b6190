// libFuzzer's entry for a program with a main of its own (the fuzzer_no_main runtime), as LLVM's
// libFuzzer documentation declares it ("Using libFuzzer as a library"): declared in C, so that Swift calls
// it with the C calling convention.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
