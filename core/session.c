/* Placeholder so that every branch links until the session code lands. */
#include "internal.h"

void sap_session_init(struct sap_session *session, const struct sap_memory *memory)
{ memset(session, 0, sizeof *session); session->memory = memory; }
int sap_session_start_judge(struct sap_session *session, enum sap_format format)
{ (void)session; (void)format; return SAP_ERR_STATE; }
size_t sap_session_sink(struct sap_session *session, const char *input, size_t length)
{ (void)session; (void)input; return length; }
size_t sap_session_poll(struct sap_session *session, char *out, size_t cap)
{ (void)session; (void)out; (void)cap; return 0; }
void sap_session_finish(struct sap_session *session) { session->finished = true; }
bool sap_session_closing(const struct sap_session *session) { return session->closing; }
void sap_session_release(struct sap_session *session) { (void)session; }
