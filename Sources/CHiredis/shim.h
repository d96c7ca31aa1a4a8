#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H
#include <sys/time.h>
#include <stddef.h>
#include <hiredis/hiredis.h>
#endif
