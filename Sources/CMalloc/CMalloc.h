#ifndef RAIN_CMALLOC_H
#define RAIN_CMALLOC_H

// glibc's malloc tuning (mallopt), which the Glibc module leaves out.
#include <malloc.h>

#endif
