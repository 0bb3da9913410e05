// Intentionally empty: SwiftPM needs one source file to make a C target of the header.
#include "CLibFuzzer.h"
