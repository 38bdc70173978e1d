/*
 * requests.c - the protocol's request table, and the session's own
 * requests: JUDGE (a statement's batch input, read by the judge readers),
 * SET, HELP and BYE.
 *
 * Each request is one row, a struct sap_request defined beside its
 * handlers (requests_game.c, requests_view.c, requests_deduce.c,
 * requests_puzzles.c, and here), in the style of Redis's commandTable: its
 * keyword, its argument count and kind, the solver it needs, the alphabet
 * of its board rows, and its handlers - the request line's, the number
 * lines' and rows', its work step and its reply writer (protocol.h says
 * when the session calls each).  The session does what requests share; a
 * handler does only its own part and keeps its state in its own struct in
 * s->req.  The table lists the rows in HELP's order.
 */
#include "protocol.h"

/* ---- SET ------------------------------------------------------------------------ */

#if SAP_PERSON_EXTRAS
SAP_TEXT(t_usage_set, "usage: SET ECHO|COLOR|VIEW ON|OFF or SET VIEW ONLY");
#else
SAP_TEXT(t_usage_set, "usage: SET ECHO|COLOR|VIEW ON|OFF");
#endif

/* SET ECHO|COLOR|VIEW ON|OFF: an option for a person at a terminal; SET
 * VIEW ONLY (SAP_PERSON_EXTRAS): VIEW ON, and a move's boom lines left out. */
static void take_set(struct session *s, const struct request_line *r)
{
    const char *line = r->text;
    const struct tokens *t = r->tokens;
    const char *option = line + t->start[1], *value = line + t->start[2];
    uint8_t bit = sap_text_word_is(option, t->length[1], SAP_STR("echo")) ? SAP_TERMINAL_ECHO
                  : sap_text_word_is(option, t->length[1], SAP_STR("color"))
                      ? SAP_TERMINAL_COLOR
                  : sap_text_word_is(option, t->length[1], SAP_STR("view")) ? SAP_TERMINAL_VIEW
                                                                            : 0u;
    bool only = SAP_PERSON_EXTRAS && bit == SAP_TERMINAL_VIEW
                && sap_text_word_is(value, t->length[2], SAP_STR("only"));
    bool on = only || sap_text_word_is(value, t->length[2], SAP_STR("on"));
    if (bit == 0u || (!on && !sap_text_word_is(value, t->length[2], SAP_STR("off")))) {
        sap_session_reply_err(s, t_usage_set);
        return;
    }
    if (bit != SAP_TERMINAL_ECHO && !SERVES(SAP_SOLVER_VIEW)) { /* they are VIEW's options */
        sap_session_reply_err_format(s, sap_reason_not_served, NULL, option, t->length[1]);
        return;
    }
    s->terminal = (uint8_t)(on ? s->terminal | bit : s->terminal & ~bit);
    if (SAP_PERSON_EXTRAS && bit == SAP_TERMINAL_VIEW) /* ONLY sets it, ON and OFF clear it */
        s->terminal = (uint8_t)(only ? s->terminal | SAP_TERMINAL_VIEW_ONLY
                                     : s->terminal & ~SAP_TERMINAL_VIEW_ONLY);
    sap_session_reply_line(s, SAP_STR("OK"));
}

/* ---- JUDGE, HELP, BYE ----------------------------------------------------------- */

static void take_judge(struct session *s, const struct request_line *r)
{
    const char *name = r->text + r->tokens->start[1];
    uint32_t length = r->tokens->length[1];
    int format = sap_format_from_name(name, length);
    const char *reason = SAP_STR("unknown format %: JUDGE BOOM|CASUAL|MASTER|NURIKABE");
    if (format >= 0) {
        if (sap_session_judge_begin(s, (enum sap_format)format) == SAP_OK)
            return;
        reason = sap_reason_not_served;
    }
    sap_session_reply_err_format(s, reason, NULL, name, length);
}

/* HELP is each served row's `help`, in the table's order, then END: a row
 * whose solver this build leaves out has none, so a board's HELP lists
 * only what it serves (core/sapper.h counts the bytes and lines of every
 * build's from the same lists, SAP_SESSION_HELP_BYTES and _LINES). */
SAP_TEXT(end_line, HELP_TEXT(SAP_HELP_END_));

static void take_help(struct session *s, const struct request_line *r)
{
    (void)r;
    s->req.help.at = NULL;
    s->req.help.row = 0;
    sap_session_reply_stream(s);
}

static size_t reply_help(struct session *s, char *out, size_t cap)
{
    size_t n = 0;
    while (n < cap) {
        const char *at = s->req.help.at;
        char c = at != NULL ? sap_rom_byte(at) : '\0';
        if (c != '\0') {
            out[n++] = c;
            s->req.help.at = at + 1;
        } else if (s->req.help.row < REQUEST_KINDS) { /* the next row's text, if any */
            REQUEST_FIELD(sap_request_at(s->req.help.row), help, s->req.help.at);
            s->req.help.row++;
        } else if (s->req.help.row == REQUEST_KINDS) {
            s->req.help.at = end_line;
            s->req.help.row++;
        } else {
            break;
        }
    }
    return n;
}

static void take_bye(struct session *s, const struct request_line *r)
{
    (void)r;
    sap_session_reply_line(s, SAP_STR("BYE"));
    sap_session_reply_close(s);
}

/* ---- the rows ------------------------------------------------------------------- */

SAP_TEXT(t_judge, "judge");
SAP_TEXT(t_usage_judge, "usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE");
SAP_TEXT(t_set, "set");
SAP_TEXT(t_help, "help");
SAP_TEXT(t_usage_help, "usage: HELP");
SAP_TEXT(t_bye, "bye");
SAP_TEXT(t_usage_bye, "usage: BYE");

SAP_TEXT(h_judge, HELP_TEXT(SAP_HELP_JUDGE_)); /* the formats this build judges */
SAP_TEXT(h_set, HELP_TEXT(SAP_HELP_SET_));
SAP_TEXT(h_help, HELP_TEXT(SAP_HELP_HELP_));
SAP_TEXT(h_bye, HELP_TEXT(SAP_HELP_BYE_));

const struct sap_request sap_request_judge SAP_ROM_TABLE = {
    .word = t_judge,
    .usage = t_usage_judge,
    .help = h_judge,
    .args_min = 1,
    .args_max = 1,
    .take = take_judge,
};

const struct sap_request sap_request_set SAP_ROM_TABLE = {
    .word = t_set,
    .usage = t_usage_set,
    .help = h_set,
    .args_min = 2,
    .args_max = 2,
    .take = take_set,
};

const struct sap_request sap_request_help SAP_ROM_TABLE = {
    .word = t_help,
    .usage = t_usage_help,
    .help = h_help,
    .flags = ARGS_NUMBERS,
    .take = take_help,
    .reply = reply_help,
};

const struct sap_request sap_request_bye SAP_ROM_TABLE = {
    .word = t_bye,
    .usage = t_usage_bye,
    .help = h_bye,
    .flags = ARGS_NUMBERS,
    .take = take_bye,
};

/* ---- the table ------------------------------------------------------------------- */

/* Adding a request: its row and handlers in the file of what it serves,
 * its row declared in protocol.h, and its place here. */
const struct sap_request *const sap_requests[REQUEST_KINDS] SAP_ROM_TABLE = {
    &sap_request_new,      &sap_request_left,   &sap_request_right,     &sap_request_chord,
    &sap_request_end_game, &sap_request_show,   &sap_request_view,      &sap_request_hint,
    &sap_request_play,     &sap_request_prob,
#if (SAP_SOLVERS) & SAP_SOLVER_ANALYZE
    &sap_request_analyze,  &sap_request_cell,   &sap_request_mines,
#endif
    &sap_request_stats,    &sap_request_casual, &sap_request_casualmap, &sap_request_master,
    &sap_request_nurikabe, &sap_request_judge,  &sap_request_set,       &sap_request_help,
    &sap_request_bye,
#if (SAP_SOLVERS) & SAP_SOLVER_RESUME
    &sap_request_resume,
#endif
};
