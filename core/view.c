/*
 * view.c - the current game drawn for a person at a terminal: VIEW's
 * reply, VIEW PROB's with the deduction engine's odds (requests_view.c),
 * and the same drawing after every move under SET VIEW ON (the after-move
 * hook, session_game.c).  A 3 x 12 game:
 *
 *                        1 1 1
 *      1 2 3 4 5 6 7 8 9 0 1 2
 *    1 P 1 . . . . . 1 # # # #
 *    2 1 1 . . . . . 1 2 # # ?
 *    3 . . . . . . . . 1 # # #
 *    mines left 2 of 3  clicks 4  playing
 *    END
 *
 * Rulers: one line per digit of the column count, the ones last, each
 * digit right above its column's glyph (no leading zeros).  Rows: the row
 * number right-aligned in as many columns as the row count has digits,
 * then every cell as a space and its field: a glyph (VIEW, 2 columns a
 * cell) or a field of two (VIEW PROB, 3 a cell).  Glyphs: # covered, P
 * flag, ? question, . an opened 0, 1-8; once the game is over, * a mine,
 * @ a mine the losing move opened, X a flag on a safe cell.  VIEW
 * PROB's fields: an opened cell's glyph, ok certainly safe, ** certainly
 * a mine, else the whole percent in two digits (05 is 5 %).  The status
 * line: the mines less the P marks, the game's state, the clicks.
 *
 * Under SET COLOR ON the glyphs get ANSI colours: escapes only, set when
 * the colour changes (the separator before a glyph keeps the colour of
 * the one before, which shows nothing: colours are foreground only but
 * the hit mine's, reset right after it) and reset before every line end.
 *
 * The reply is never held: the cursor (s->req.view) says which line,
 * which piece of it (the margin, a cell, the line end) and how much of
 * that piece is out; each call makes the current piece again and copies
 * on from there, so any cap makes progress and a call's work is bounded
 * by its cap.  The P marks are counted as their cells go out, which is
 * why the status line comes last.
 */
#include "hint.h"
#include "game.h"
#include "protocol.h"

/* The longest piece: the status line (SAP_REPLY_VIEW_MAX's 64 bytes, and
 * "  game <token>" in a build that serves RESUME). */
#define PIECE_MAX (72u + (SERVES(SAP_SOLVER_RESUME) ? 8u + SAP_TOKEN_MAX : 0u))

/* The colours, by index: 0 none, 1 to 8 the numbers, then these. */
#define COLOUR_FLAG 9u   /* P, and VIEW PROB's certain mine */
#define COLOUR_HIT 10u   /* @, on a background: reset right after it */
#define COLOUR_WRONG 11u /* X */
#define COLOUR_MINE 12u  /* * */
#define COLOUR_SAFE 13u  /* VIEW PROB's certain safe */
/* Their SGR parameters, index i in the slot at (i - 1) * COLOUR_SLOT. */
#define COLOUR_SLOT 8u
SAP_TEXT(colour_codes, "94\0\0\0\0\0\0"  /* 1 blue */
                       "32\0\0\0\0\0\0"  /* 2 green */
                       "91\0\0\0\0\0\0"  /* 3 red */
                       "34\0\0\0\0\0\0"  /* 4 dark blue */
                       "31\0\0\0\0\0\0"  /* 5 dark red */
                       "36\0\0\0\0\0\0"  /* 6 cyan */
                       "2\0\0\0\0\0\0\0" /* 7 dim */
                       "90\0\0\0\0\0\0"  /* 8 grey */
                       "1;91\0\0\0\0"    /* P: bold red */
                       "1;97;41\0"       /* @: bold white on red */
                       "1;95\0\0\0\0"    /* X: bold magenta */
                       "1\0\0\0\0\0\0\0" /* *: bold */
                       "1;92\0\0\0\0");  /* ok: bold green */
SAP_TEXT(reset, "\033[0m");
SAP_TEXT(end_line, "END\n");

static uint8_t digits_of(uint32_t v)
{
    uint8_t n = 1;
    for (; v >= 10u; v /= 10u)
        n++;
    return n;
}

void sap_view_begin(struct session *s, bool prob)
{
    s->rows = sap_game_rows(s->game);
    s->cols = sap_game_cols(s->game);
    if (!prob)
        s->req.view.deduce = NULL;
    s->req.view.line = 0;
    s->req.view.cell = 0;
    s->req.view.piece = 0;
    s->req.view.flags = 0;
    s->req.view.colour = 0;
    s->req.view.width = prob ? 3u : 2u;
    s->req.view.margin = digits_of(s->rows);
    s->req.view.rulers = digits_of(s->cols);
}

/* ---- the pieces ------------------------------------------------------------ */

/* Appends the escape that leaves the terminal in colour `to` (0: none). */
static size_t add_colour(char *buf, size_t n, uint8_t to)
{
    const char *code;
    size_t k;
    if (to == 0) {
        sap_rom_copy(buf + n, reset, sizeof reset - 1);
        return n + sizeof reset - 1;
    }
    code = colour_codes + (size_t)(to - 1u) * COLOUR_SLOT;
    buf[n++] = '\033';
    buf[n++] = '[';
    buf[n++] = '0';
    buf[n++] = ';';
    for (k = 0; k < COLOUR_SLOT && sap_rom_byte(code + k) != '\0'; k++)
        buf[n++] = sap_rom_byte(code + k);
    buf[n++] = 'm';
    return n;
}

/* VIEW's glyph for cell (r, c), and its colour. */
static char view_glyph(const sap_game *g, uint32_t r, uint32_t c, uint8_t *colour)
{
    char v = sap_game_cell(g, r, c);
    bool over = sap_game_state(g) != SAP_RUNNING;
    if (over && sap_game_mine_at(g, r, c) && v != 'P') {
        bool hit = sap_game_hit_at(g, r, c);
        *colour = hit ? COLOUR_HIT : COLOUR_MINE;
        return hit ? '@' : '*';
    }
    switch (v) {
    case '_':
        *colour = 0;
        return '#';
    case '?':
        *colour = 0;
        return '?';
    case 'P': /* on a mine while the game goes on, or once it is over */
        *colour = over && !sap_game_mine_at(g, r, c) ? COLOUR_WRONG : COLOUR_FLAG;
        return *colour == COLOUR_WRONG ? 'X' : 'P';
    case '0':
        *colour = 0;
        return '.';
    default:
        *colour = (uint8_t)(v - '0');
        return v;
    }
}

/* VIEW PROB's field for cell (r, c) into field[2] (a glyph: field[0] a
 * space), and its colour. */
static void prob_field(const struct session *s, uint32_t r, uint32_t c, char *field,
                       uint8_t *colour)
{
    char token[8];
    uint32_t p;
    /* before the first click (no deduction) every cell is safe */
    int view = s->req.view.deduce == NULL ? SAP_CELL_SAFE
                                          : sap_deduce_cell(s->req.view.deduce, r, c, &p);
    field[0] = ' ';
    *colour = 0;
    if (view == SAP_CELL_OPEN) {
        field[1] = view_glyph(s->game, r, c, colour);
    } else if (view == SAP_CELL_SAFE) {
        field[0] = 'o';
        field[1] = 'k';
        *colour = COLOUR_SAFE;
    } else if (view == SAP_CELL_MINE) {
        field[0] = field[1] = '*';
        *colour = COLOUR_FLAG;
    } else { /* PROB's own percent, 1 to 99: "7%" is 07, "37%" 37 */
        size_t length = sap_hint_text_prob_token(s->req.view.deduce, s->game, r, c, token);
        field[0] = length == 3 ? token[0] : '0';
        field[1] = token[length - 2u];
    }
}

/* A cell's piece: its separator (and a glyph's padding in a field of
 * two), the escape to its colour if that is not the terminal's already,
 * its glyph or field. */
static size_t cell_piece(const struct session *s, uint32_t r, uint32_t c, char *buf,
                         uint8_t *colour)
{
    char field[2];
    uint8_t want;
    size_t n = 0;
    if (SERVES(SAP_SOLVER_DEDUCE) && s->req.view.width == 3u) {
        prob_field(s, r, c, field, &want);
    } else {
        field[0] = ' ';
        field[1] = view_glyph(s->game, r, c, &want);
    }
    buf[n++] = ' ';
    if (field[0] == ' ' && s->req.view.width == 3u)
        buf[n++] = ' ';
    if (!(s->terminal & SAP_TERMINAL_COLOR))
        want = 0;
    if (want != *colour) {
        n = add_colour(buf, n, want);
        *colour = want;
    }
    if (field[0] != ' ')
        buf[n++] = field[0];
    buf[n++] = field[1];
    if (want == COLOUR_HIT) { /* its background would run on under the next separator */
        n = add_colour(buf, n, 0);
        *colour = 0;
    }
    return n;
}

/* A ruler's piece: the separator and padding, then the column's digit at
 * the ruler's place, or a space where the column number is shorter. */
static size_t ruler_piece(const struct session *s, uint32_t c, char *buf)
{
    uint32_t place = 1, k, column = c + 1u;
    size_t n = 0;
    for (k = s->req.view.line + 1u; k < s->req.view.rulers; k++)
        place *= 10u;
    for (k = 1; k < s->req.view.width; k++)
        buf[n++] = ' ';
    buf[n++] = column >= place ? (char)('0' + column / place % 10u) : ' ';
    return n;
}

/* The margin: the row number right-aligned, or spaces above the rows. */
static size_t margin_piece(const struct session *s, char *buf)
{
    char number[SAP_DEC_MAX + 1];
    size_t n = 0, length = 0, k;
    if (s->req.view.line >= s->req.view.rulers)
        sap_text_add_u32(number, sizeof number, &length,
                         s->req.view.line - s->req.view.rulers + 1u);
    for (; n + length < s->req.view.margin; n++)
        buf[n] = ' ';
    for (k = 0; k < length; k++)
        buf[n++] = number[k];
    return n;
}

/* "mines left 97 of 99  clicks 12  playing", and the line end. */
static size_t status_piece(const struct session *s, char *buf)
{
    const sap_game *g = s->game;
    uint32_t mines = sap_game_mines(g), flags = s->req.view.flags;
    int state = sap_game_state(g);
    size_t n = 0;
    sap_text_add(buf, PIECE_MAX - 1u, &n, SAP_STR("mines left "));
    if (flags > mines)
        sap_text_add(buf, PIECE_MAX - 1u, &n, SAP_STR("-"));
    sap_text_add_u32(buf, PIECE_MAX - 1u, &n, flags > mines ? flags - mines : mines - flags);
    sap_text_add(buf, PIECE_MAX - 1u, &n, SAP_STR(" of "));
    sap_text_add_u32(buf, PIECE_MAX - 1u, &n, mines);
    sap_text_add(buf, PIECE_MAX - 1u, &n, SAP_STR("  clicks "));
    sap_text_add_u32(buf, PIECE_MAX - 1u, &n, sap_game_clicks(g));
    sap_text_add(buf, PIECE_MAX - 1u, &n,
                 state == SAP_WIN    ? SAP_STR("  won")
                 : state == SAP_LOSE ? SAP_STR("  lost")
                 : SERVES(SAP_SOLVER_ANALYZE) && sap_game_is_position(g)
                     ? SAP_STR("  a position typed in (ANALYZE)")
                 : sap_game_clicks(g) == 0 ? SAP_STR("  not started")
                                           : SAP_STR("  playing"));
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    if (state == SAP_RUNNING && s->token != NULL && s->token[0] != '\0') {
        size_t k; /* the token that takes this game over (RESUME) */
        sap_text_add(buf, PIECE_MAX - 1u, &n, SAP_STR("  game "));
        for (k = 0; k < SAP_TOKEN_MAX && s->token[k] != '\0'; k++)
            buf[n++] = s->token[k];
    }
#endif
    buf[n++] = '\n';
    return n;
}

/* The cursor's piece into buf (at most PIECE_MAX bytes), and the colour
 * the terminal is left in after it; 0 once the reply is out. */
static size_t view_piece(const struct session *s, char *buf, uint8_t *colour)
{
    uint32_t line = s->req.view.line, cell = s->req.view.cell;
    uint32_t grid = s->req.view.rulers + s->rows; /* the lines of rulers and rows */
    size_t n = 0;
    if (line < grid && cell == 0)
        return margin_piece(s, buf);
    if (line < grid && cell <= s->cols) {
        if (line < s->req.view.rulers)
            return ruler_piece(s, cell - 1u, buf);
        return cell_piece(s, line - s->req.view.rulers, cell - 1u, buf, colour);
    }
    if (line < grid) { /* the line end, the colour reset first */
        if (*colour != 0)
            n = add_colour(buf, n, 0);
        *colour = 0;
        buf[n++] = '\n';
        return n;
    }
    if (line == grid)
        return status_piece(s, buf);
    if (line == grid + 1u) {
        sap_rom_copy(buf, end_line, sizeof end_line - 1);
        return sizeof end_line - 1;
    }
    return 0;
}

/* The piece is out: the cursor moves on (a P counted as its cell goes). */
static void next_piece(struct session *s)
{
    uint32_t line = s->req.view.line, cell = s->req.view.cell;
    if (line >= s->req.view.rulers + s->rows) {
        s->req.view.line++;
        return;
    }
    if (line >= s->req.view.rulers && cell >= 1u && cell <= s->cols
        && sap_game_cell(s->game, line - s->req.view.rulers, cell - 1u) == 'P')
        s->req.view.flags++;
    if (cell <= s->cols) {
        s->req.view.cell = cell + 1u;
    } else {
        s->req.view.cell = 0;
        s->req.view.line++;
    }
}

size_t sap_view_reply(struct session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap) {
        char piece[PIECE_MAX];
        uint8_t colour = s->req.view.colour;
        size_t length = view_piece(s, piece, &colour);
        if (length == 0)
            break;
        n += sap_text_copy_piece(out + n, cap - n, piece, length, &s->req.view.piece);
        if (s->req.view.piece < length)
            break;
        s->req.view.piece = 0;
        s->req.view.colour = colour;
        next_piece(s);
    }
    return n;
}
