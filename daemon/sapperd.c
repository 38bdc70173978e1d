/* Placeholder until the daemon lands. */
#include <stdio.h>
#include "sapper.h"
int main(void)
{
    fprintf(stderr, "sapperd %s: not built yet\n", SAP_VERSION_STRING);
    return 1;
}
