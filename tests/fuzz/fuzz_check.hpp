#pragma once
/// FUZZ_CHECK: an invariant of a fuzz target. A violation prints what failed and aborts, which
/// libFuzzer reports as a crash (the input is kept as crash-<sha1>).

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond); \
            std::abort();                                                                  \
        }                                                                                  \
    } while (0)
