#ifndef RAIN_CCURL_H
#define RAIN_CCURL_H

#include <curl/curl.h>

// libcurl as rain calls it. libcurl and its two dozen libraries (OpenSSL, GnuTLS, Kerberos,
// LDAP, ...) are loaded with dlopen on first use, not at start, so commands that never touch
// the network do not pay for mapping and relocating them. Each function below forwards to
// libcurl's own; the variadic ones get one typed wrapper per argument kind, so Swift can call
// them (in the manner of swift-corelibs-foundation's CFURLSessionInterface.h). Nothing else.

/// Loads libcurl once (thread-safe). Returns 1 when it is usable; else 0 and sets *error to why
/// (dlerror's text), valid for the life of the process.
int rain_curl_load(const char **error);

typedef size_t (*rain_write_function)(char *data, size_t size, size_t count, void *user_data);
typedef size_t (*rain_header_function)(char *data, size_t size, size_t count, void *user_data);

// Only after rain_curl_load returned 1.
CURLcode rain_curl_global_init(long flags);
const char *rain_curl_easy_strerror(CURLcode code);
const char *rain_curl_multi_strerror(CURLMcode code);
CURL *rain_curl_easy_init(void);
void rain_curl_easy_cleanup(CURL *curl);
CURLM *rain_curl_multi_init(void);
CURLMcode rain_curl_multi_cleanup(CURLM *multi);
CURLMcode rain_curl_multi_add_handle(CURLM *multi, CURL *curl);
CURLMcode rain_curl_multi_remove_handle(CURLM *multi, CURL *curl);
CURLMcode rain_curl_multi_perform(CURLM *multi, int *running);
CURLMcode rain_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready);
CURLMcode rain_curl_multi_wakeup(CURLM *multi);
CURLMsg *rain_curl_multi_info_read(CURLM *multi, int *queued);
struct curl_slist *rain_curl_slist_append(struct curl_slist *list, const char *text);
void rain_curl_slist_free_all(struct curl_slist *list);

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
