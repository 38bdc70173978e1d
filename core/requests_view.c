/*
 * requests_view.c - VIEW [PROB]: its row and its handlers.  The drawing
 * is view.c's; VIEW PROB's odds are the deduction of session_game.c.
 */
#include "protocol.h"

SAP_TEXT(usage_view, "usage: VIEW [PROB]");

/* VIEW draws the game at once; VIEW PROB works out its odds first. */
static void take_view(struct session *s, const struct request_line *r)
{
    const struct tokens *t = r->tokens;
    if (t->count == 1) {
        sap_view_begin(s, false);
        sap_session_reply_stream(s);
        return;
    }
    if (!sap_text_word_is(r->text + t->start[1], t->length[1], SAP_STR("prob"))) {
        sap_session_reply_err(s, usage_view);
        return;
    }
    if (!SERVES(SAP_SOLVER_DEDUCE)) {
        sap_session_reply_err_format(s, sap_reason_not_served, NULL, r->text + t->start[1],
                                     t->length[1]);
        return;
    }
    s->req.view.deduce = NULL;
    if (SAP_PERSON_EXTRAS && sap_session_reply_over(s)) /* a game over: as PROB */
        return;
    if (!sap_game_mines_laid(s->game)) { /* the first click is never a mine */
        sap_view_begin(s, true);
        sap_session_reply_stream(s);
        return;
    }
    sap_session_game_deduce_start(s, &s->req.view.deduce);
}

/* VIEW PROB's deduction, a budget a poll; then its drawing. */
static bool work_view(struct session *s)
{
    int err;
    if (!SERVES(SAP_SOLVER_DEDUCE))
        return false; /* never left: take refused it */
    err = sap_session_game_deduce_step(s, &s->req.view.deduce);
    if (err != SAP_OK)
        return err == SAP_MORE;
    sap_view_begin(s, true);
    sap_session_reply_stream(s);
    return false;
}

/* ---- the row ------------------------------------------------------------------------ */

SAP_TEXT(t_view, "view");
SAP_TEXT(h_view, HELP_TEXT(SAP_HELP_VIEW_));

#define VIEW(x) SERVED(SAP_SOLVER_VIEW, x)

const struct sap_request sap_request_view SAP_ROM_TABLE = {
    .word = t_view,
    .usage = VIEW(usage_view),
    .help = VIEW(h_view),
    .args_max = 1,
    .flags = NEEDS_GAME,
    .solver = SAP_SOLVER_VIEW,
    .take = VIEW(take_view),
    .work = VIEW(work_view),
    .reply = VIEW(sap_view_reply),
};
