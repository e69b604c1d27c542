#ifndef SITEGEN_CCMARK_SHIM_H
#define SITEGEN_CCMARK_SHIM_H

#include <cmark.h>

#endif
