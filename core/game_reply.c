/*
 * game_reply.c - the boom engine's reply to a move (the interactor's output line).
 *
 * A reply is never built whole.  Each operation marks the cells it changed
 * and keeps their bounding box; sap_game_reply scans only that box, writes
 * one "<x, y, v>" piece at a time (regenerated from the cell, so a piece cut
 * by a small buffer resumes from a stored offset) and clears each mark once
 * its piece is out.  Scanning in row-major order is what sorts the changes.
 *
 * In the fast path (room for whole pieces) the cells' bytes are read in
 * hand, the row's number written once a row, the coordinates two digits at
 * a time; a piece cut by the end of the room is finished from a copy.
 */
#include "game.h"

SAP_TEXT(reply_head, "RUNNING: [");
/* The tails by enum reply_tail, each in a slot of TAIL_SLOT bytes, so that
 * a reply with room copies a whole slot at once (a fixed-size copy is a
 * move or two, where a call per reply showed in the profile). */
#define TAIL_SLOT 8u
SAP_TEXT(reply_tails, "]\n\0\0\0\0\0\0"
                      "]\nWIN\n\0\0"
                      "LOSE\n\0\0\0"
                      "INVALID\n");
static const uint8_t reply_tail_lengths[] = { 2, 6, 5, 8 };

/* Longest "<x, y, v>" piece with its ", " separator: 2 + 1 + 10 + 2 + 10 + 2 + 1 + 1. */
#define PIECE_MAX 32u

/* The characters of the marks other than opened, by mark >> 1. */
SAP_TEXT(mark_chars, "_P?");

/* A changed cell's character, from its byte: no move is under way while a
 * reply is written, so an opened cell's byte holds its number. */
static inline char piece_char(uint8_t cell)
{
    return (cell & CELL_MARK) == MARK_OPEN ? (char)('0' + (cell >> CELL_NUMBER_SHIFT))
                                           : sap_rom_byte(&mark_chars[(cell & CELL_MARK) >> 1]);
}

void sap_game_reply_drop(sap_game *g)
{
    uint8_t *board = cells_of(g);
    uint32_t r, c;
    for (r = g->u.box.top; r <= g->u.box.bottom; r++)
        for (c = g->u.box.left; c <= g->u.box.right; c++)
            board[(size_t)r * g->cols + c] &= (uint8_t)~CELL_CHANGED;
}

void sap_game_reply_start(sap_game *g, enum reply_phase phase, enum reply_tail tail)
{
    g->reply_phase = (uint8_t)phase;
    g->reply_tail = (uint8_t)tail;
    g->v.reply.offset = 0;
    g->v.reply.row = g->u.box.top;
    g->v.reply.col = g->u.box.left;
    g->flags |= FLAG_FIRST_PIECE;
}

/* The one scan of a move's changes, shared by the reply writer and
 * sap_game_next_change: moves *c to the next changed cell of `row` up to
 * column right; false (and *c past right) when there is none.  Callers walk
 * the box's rows top to bottom and each row left to right with it: that
 * order is the boom order (by row, then column). */
static inline bool next_change_in_row(const uint8_t *row, uint32_t *c, uint32_t right)
{
    for (; *c <= right; ++*c)
        if (row[*c] & CELL_CHANGED)
            return true;
    return false;
}

/* Moves the reply cursor to the next changed cell of the box; false when
 * none is left (the cursor is then past the box's last row). */
static bool find_change(sap_game *g)
{
    const uint8_t *board = cells_of_const(g);
    uint32_t r = g->v.reply.row, c = g->v.reply.col, right = g->u.box.right;

    for (; r <= g->u.box.bottom; r++, c = g->u.box.left) {
        if (next_change_in_row(board + (size_t)r * g->cols, &c, right)) {
            g->v.reply.row = r;
            g->v.reply.col = c;
            return true;
        }
    }
    g->v.reply.row = r;
    return false;
}

static size_t write_piece(const sap_game *g, char *buf)
{
    size_t n = 0;
    if (!(g->flags & FLAG_FIRST_PIECE)) {
        buf[n++] = ',';
        buf[n++] = ' ';
    }
    buf[n++] = '<';
    n += sap_dec(buf + n, g->v.reply.row + 1);
    buf[n++] = ',';
    buf[n++] = ' ';
    n += sap_dec(buf + n, g->v.reply.col + 1);
    buf[n++] = ',';
    buf[n++] = ' ';
    buf[n++] = piece_char(cells_of_const(g)[(size_t)g->v.reply.row * g->cols + g->v.reply.col]);
    buf[n++] = '>';
    return n;
}

/* The bulk path: while whole pieces fit, writes them straight into out,
 * scanning the box with the cursor in registers and each row's number
 * converted once.  Stops at the first changed cell that does not fit, or at
 * the end of the box (then reply_row is past box_bottom). */
static size_t write_pieces(sap_game *g, char *out, size_t room)
{
    uint8_t *board = cells_of(g);
    uint32_t r = g->v.reply.row, c = g->v.reply.col;
    /* in registers: the byte stores below could alias the header */
    uint32_t bottom = g->u.box.bottom, left = g->u.box.left, right = g->u.box.right;
    size_t cols = g->cols;
    bool first = (g->flags & FLAG_FIRST_PIECE) != 0;
    size_t n = 0;

    for (; r <= bottom; r++, c = left) {
        uint8_t *row = board + (size_t)r * cols;
        char row_digits[SAP_DEC_MAX];
        size_t row_length = 0, k;
        for (; next_change_in_row(row, &c, right); c++) {
            if (room - n < PIECE_MAX)
                goto stop;
            if (row_length == 0) {
                row_digits[1] = row_digits[2] = row_digits[3] = '0'; /* defined bytes to copy */
                row_length = sap_dec(row_digits, r + 1);
            }
            if (!first) {
                out[n++] = ',';
                out[n++] = ' ';
            }
            first = false;
            out[n++] = '<';
            if (row_length <= 4) {
                /* a fixed copy of 4 (the next bytes overwrite the extra):
                 * a loop here became a memcpy call per piece */
                out[n] = row_digits[0];
                out[n + 1] = row_digits[1];
                out[n + 2] = row_digits[2];
                out[n + 3] = row_digits[3];
                n += row_length;
            } else {
                for (k = 0; k < row_length; k++)
                    out[n++] = row_digits[k];
            }
            out[n++] = ',';
            out[n++] = ' ';
            n += sap_dec(out + n, c + 1);
            out[n++] = ',';
            out[n++] = ' ';
            out[n++] = piece_char(row[c]);
            out[n++] = '>';
            row[c] &= (uint8_t)~CELL_CHANGED;
        }
    }
stop:
    g->v.reply.row = r;
    g->v.reply.col = c;
    if (!first)
        g->flags &= (uint8_t)~FLAG_FIRST_PIECE;
    return n;
}

static void piece_done(sap_game *g)
{
    cells_of(g)[(size_t)g->v.reply.row * g->cols + g->v.reply.col] &= (uint8_t)~CELL_CHANGED;
    g->flags &= (uint8_t)~FLAG_FIRST_PIECE;
    g->v.reply.col++;
    g->v.reply.offset = 0;
}

/* The reply's three parts in order, each carried as far as the room
 * allows: a call returns where the room ran out, and the next one resumes
 * there (reply_phase and the offset into the current piece). */
size_t sap_game_reply(sap_game *g, char *out, size_t cap)
{
    size_t n = 0;

    if (g == NULL || out == NULL || g->work != WORK_NONE)
        return 0; /* no reply before the move is done */
    if (g->reply_phase == REPLY_HEAD) {
        if (g->v.reply.offset == 0 && cap >= sizeof reply_head - 1) {
            sap_rom_copy(out, reply_head, sizeof reply_head - 1);
            n = sizeof reply_head - 1;
            g->v.reply.offset = sizeof reply_head - 1;
        } else {
            n = sap_text_copy(out, cap, reply_head, sizeof reply_head - 1, &g->v.reply.offset);
        }
        if (g->v.reply.offset < sizeof reply_head - 1)
            return n;
        g->reply_phase = REPLY_CELLS;
        g->v.reply.offset = 0;
    }
    while (g->reply_phase == REPLY_CELLS && n < cap) {
        if (g->v.reply.offset == 0 && cap - n >= PIECE_MAX) {
            n += write_pieces(g, out + n, cap - n);
            if (g->v.reply.row > g->u.box.bottom || g->v.reply.row == UINT32_MAX)
                g->reply_phase = REPLY_TAIL;
        } else if (g->v.reply.offset == 0 && !find_change(g)) {
            g->reply_phase = REPLY_TAIL;
        } else {
            char piece[PIECE_MAX];
            size_t length = write_piece(g, piece);
            n += sap_text_copy_piece(out + n, cap - n, piece, length, &g->v.reply.offset);
            if (g->v.reply.offset == length)
                piece_done(g);
        }
    }
    if (g->reply_phase == REPLY_TAIL && n < cap) {
        const char *tail = reply_tails + (size_t)g->reply_tail * TAIL_SLOT;
        size_t length = reply_tail_lengths[g->reply_tail];
        if (g->v.reply.offset == 0 && cap - n >= TAIL_SLOT) {
            sap_rom_copy(out + n, tail,
                         TAIL_SLOT); /* the slot's padding is overwritten later */
            n += length;
            g->v.reply.offset = (uint32_t)length;
        } else {
            n += sap_text_copy(out + n, cap - n, tail, length, &g->v.reply.offset);
        }
        if (g->v.reply.offset == length)
            g->reply_phase = REPLY_DONE;
    }
    return n;
}


bool sap_game_next_change(sap_game *g, struct sap_change *change)
{
    uint8_t *cell;

    if (g == NULL || change == NULL || g->work != WORK_NONE || g->reply_phase == REPLY_DONE
        || g->reply_phase == REPLY_TAIL)
        return false;
    if (!find_change(g)) {
        if (g->reply_phase == REPLY_CELLS)
            g->reply_phase = REPLY_TAIL;
        return false;
    }
    cell = cells_of(g) + (size_t)g->v.reply.row * g->cols + g->v.reply.col;
    change->row = g->v.reply.row;
    change->col = g->v.reply.col;
    change->value = piece_char(*cell);
    /* the cell is given: its piece, if the reply had begun it, is over */
    *cell &= (uint8_t)~CELL_CHANGED;
    g->v.reply.col++;
    if (g->reply_phase == REPLY_CELLS)
        g->v.reply.offset = 0;
    return true;
}
