/*
 * main_replay.c - the regression driver: runs fuzz_one on every file named
 * on the command line and on every file inside every directory named there
 * (one level, as the corpora are stored), built with the ordinary compiler.
 * `make test` replays every stored corpus with it.  An oracle failure
 * aborts, naming the file that was running.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Inputs are stored small; a file larger than this is a mistake. */
#define REPLAY_MAX_BYTES (16u << 20)

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_file(const char *path, size_t *count)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data;
    size_t length = 0, got;
    long end;

    if (f == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (end = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "replay: %s: cannot size the file\n", path);
        fclose(f);
        return 1;
    }
    if ((unsigned long)end > REPLAY_MAX_BYTES) {
        fprintf(stderr, "replay: %s: %ld bytes, more than the %u allowed\n", path, end,
                REPLAY_MAX_BYTES);
        fclose(f);
        return 1;
    }
    /* An exact-size heap copy, so ASan sees any read past the input. */
    data = malloc((size_t)end > 0 ? (size_t)end : 1);
    if (data == NULL) {
        fclose(f);
        return 1;
    }
    while ((got = fread(data + length, 1, (size_t)end - length, f)) > 0)
        length += got;
    fclose(f);
    fprintf(stderr, "replay: %s\n", path);
    fuzz_one(data, length);
    free(data);
    (*count)++;
    return 0;
}

static int replay_dir(const char *path, size_t *count)
{
    DIR *dir = opendir(path);
    struct dirent *entry;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    int status = 0;

    if (dir == NULL) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return 1;
    }
    while ((entry = readdir(dir)) != NULL) {
        size_t length;
        if (entry->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (names == NULL)
                abort();
        }
        length = strlen(path) + strlen(entry->d_name) + 2;
        names[n] = malloc(length);
        if (names[n] == NULL)
            abort();
        snprintf(names[n], length, "%s/%s", path, entry->d_name);
        n++;
    }
    closedir(dir);
    if (n > 0)
        qsort(names, n, sizeof *names, compare_names); /* a stable order to report */
    for (i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            status |= replay_file(names[i], count);
        free(names[i]);
    }
    free(names);
    return status;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    int i, status = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            status = 1;
        } else if (S_ISDIR(st.st_mode)) {
            status |= replay_dir(argv[i], &count);
        } else {
            status |= replay_file(argv[i], &count);
        }
    }
    printf("replayed %zu input(s)\n", count);
    return status;
}
