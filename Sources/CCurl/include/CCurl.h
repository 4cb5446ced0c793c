#ifndef RAIN_CCURL_H
#define RAIN_CCURL_H

#include <curl/curl.h>

// Typed wrappers for libcurl's variadic functions, one per argument kind, so Swift can call
// them (in the manner of swift-corelibs-foundation's CFURLSessionInterface.h). Nothing else.

typedef size_t (*rain_write_function)(char *data, size_t size, size_t count, void *user_data);
typedef size_t (*rain_header_function)(char *data, size_t size, size_t count, void *user_data);

CURLcode rain_easy_setopt_long(CURL *curl, CURLoption option, long value);
CURLcode rain_easy_setopt_string(CURL *curl, CURLoption option, const char *value);
CURLcode rain_easy_setopt_pointer(CURL *curl, CURLoption option, void *value);
CURLcode rain_easy_setopt_slist(CURL *curl, CURLoption option, struct curl_slist *value);
CURLcode rain_easy_setopt_off_t(CURL *curl, CURLoption option, curl_off_t value);
CURLcode rain_easy_setopt_write_function(CURL *curl, CURLoption option, rain_write_function value);
CURLcode rain_easy_setopt_header_function(CURL *curl, CURLoption option, rain_header_function value);

CURLcode rain_easy_getinfo_long(CURL *curl, CURLINFO info, long *value);
CURLcode rain_easy_getinfo_off_t(CURL *curl, CURLINFO info, curl_off_t *value);
CURLcode rain_easy_getinfo_string(CURL *curl, CURLINFO info, char **value);

CURLMcode rain_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

#endif
