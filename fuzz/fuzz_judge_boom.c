/*
 * fuzz_judge_boom.c - the boom judge reader on arbitrary bytes.
 *
 * Besides the checks every reader gets (fuzz_judge.c: one-shot, chunked and
 * bytewise feeding agree, status and error contract, blocks released), a
 * reference parser reads the same bytes as the boom interactor statement and
 * daemon/README.md (Judge mode, boom) define them and plays each game on the
 * reference engine (tests/lib): well-formed input must give exactly its
 * output, malformed input must fail after writing every complete game's
 * lines, and never anything else.
 */
#include <stdlib.h>

#include "fuzz_judge.h"
#include "ref_game.h"

static enum fuzz_verdict reference(const uint8_t *data, size_t size, struct fuzz_text *want,
                                   size_t *complete)
{
    struct fuzz_tokens in;
    uint32_t games, game;

    *complete = 0;
    fuzz_tokens_init(&in, data, size);
    if (!fuzz_tokens_more(&in))
        return FUZZ_UNSETTLED; /* an empty input: nothing in the statement says */
    if (!fuzz_tokens_number(&in, &games))
        return FUZZ_MALFORMED;
    if (games == 0)
        return FUZZ_UNSETTLED; /* the statement promises T >= 1 */
    for (game = 0; game < games; game++) {
        struct ref_game *g;
        uint32_t rows, cols, r, c;
        char *layout;

        if (game > 0)
            fuzz_text_add_str(want, "==========\n");
        if (!fuzz_tokens_number(&in, &rows) || !fuzz_tokens_number(&in, &cols))
            return FUZZ_MALFORMED;
        if (rows == 0 || cols == 0 || rows > SAP_MAX_ROWS || cols > SAP_MAX_COLS
            || (uint64_t)rows * cols > SAP_MAX_CELLS || (uint64_t)rows * cols > size)
            return FUZZ_MALFORMED; /* past the limits, or rows the input cannot hold */
        layout = malloc((size_t)rows * cols);
        FUZZ_CHECK(layout != NULL, "malloc");
        for (r = 0; r < rows; r++) {
            if (!fuzz_tokens_next(&in) || in.length != cols) {
                free(layout);
                return FUZZ_MALFORMED;
            }
            for (c = 0; c < cols; c++) {
                if (in.token[c] != '_' && in.token[c] != '*') {
                    free(layout);
                    return FUZZ_MALFORMED;
                }
                layout[(size_t)r * cols + c] = (char)in.token[c];
            }
        }
        g = ref_game_new((int)rows, (int)cols, layout);
        free(layout);
        FUZZ_CHECK(g != NULL, "ref_game_new");
        for (;;) {
            uint32_t op, x, y;
            if (!fuzz_tokens_number(&in, &op) || op > 3) {
                ref_game_free(g);
                return FUZZ_MALFORMED;
            }
            if (op == 0)
                break;
            if (!fuzz_tokens_number(&in, &x) || !fuzz_tokens_number(&in, &y) || x < 1 || y < 1
                || x > rows || y > cols) {
                ref_game_free(g);
                return FUZZ_MALFORMED;
            }
            fuzz_text_add_str(want, ref_game_move(g, (int)op, (int)x, (int)y));
        }
        if (ref_game_state(g) == SAP_RUNNING)
            fuzz_text_add_str(want, "QUIT\n");
        ref_game_free(g);
        *complete = want->length;
    }
    return fuzz_tokens_more(&in) ? FUZZ_UNSETTLED : FUZZ_VALID;
}

void fuzz_one(const uint8_t *data, size_t size)
{
    fuzz_judge_against_reference(SAP_FORMAT_BOOM, data, size, reference);
}
