#ifndef RAIN_CCURL_H
#define RAIN_CCURL_H

#include <curl/curl.h>

#endif
