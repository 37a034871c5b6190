// Nothing to define: the header declares libFuzzer's LLVMFuzzerRunDriver, which the runtime defines.
#include "FuzzDriverC.h"
