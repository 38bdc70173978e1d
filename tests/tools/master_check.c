/*
 * master_check - checks a "Minesweeper Master" output against its input:
 * "Case #x:" per case, then a board that one click wins with exactly M
 * mines, or "Impossible" only where no board exists (tests/lib/ref_master.c).
 *
 *   master_check INPUT OUTPUT     exit 0 and "ok: ..." when valid, 1 otherwise
 */
#include <stdio.h>
#include <stdlib.h>

#include "lib/judge_drive.h"
#include "lib/ref_master.h"

int main(int argc, char **argv)
{
    char *input, *output, why[200];
    size_t output_length;
    unsigned boards, impossible;
    const char *bad;

    if (argc != 3) {
        fprintf(stderr, "usage: master_check INPUT OUTPUT\n");
        return 2;
    }
    input = judge_drive_read_file(argv[1], NULL);
    output = judge_drive_read_file(argv[2], &output_length);
    if (input == NULL || output == NULL) {
        fprintf(stderr, "master_check: cannot read %s\n", input == NULL ? argv[1] : argv[2]);
        return 2;
    }
    bad = ref_master_check_output(input, output, output_length, why, sizeof why, &boards,
                                  &impossible);
    free(input);
    free(output);
    if (bad != NULL) {
        printf("master_check: %s\n", bad);
        return 1;
    }
    printf("ok: %u boards, %u impossible\n", boards, impossible);
    return 0;
}
