/*
 * main_afl.c - AFL++ persistent mode around a harness's fuzz_one: the
 * forkserver starts the process once, then each __AFL_LOOP iteration runs
 * one test case from shared memory.  Built only with afl-clang-fast, which
 * defines the __AFL_* macros.  Given file names instead, it replays them
 * (so a crash AFL++ saved can be rerun with the same binary).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fuzz.h"

__AFL_FUZZ_INIT();

static int replay_file(const char *path)
{
    static uint8_t buffer[1 << 20];
    FILE *f = fopen(path, "rb");
    size_t n;
    if (f == NULL) {
        perror(path);
        return 1;
    }
    n = fread(buffer, 1, sizeof buffer, f);
    fclose(f);
    fuzz_one(buffer, n);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned char *buffer;
    int i, status = 0;

    if (argc > 1) {
        for (i = 1; i < argc; i++)
            status |= replay_file(argv[i]);
        return status;
    }
#ifdef __AFL_HAVE_MANUAL_CONTROL
    __AFL_INIT();
#endif
    buffer = __AFL_FUZZ_TESTCASE_BUF; /* after __AFL_INIT, before the loop */
    while (__AFL_LOOP(100000))
        fuzz_one(buffer, (size_t)__AFL_FUZZ_TESTCASE_LEN);
    return 0;
}
