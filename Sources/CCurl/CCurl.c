#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcurl's entry points, found with dlsym once libcurl is loaded.
static struct {
    CURLcode (*global_init)(long);
    const char *(*easy_strerror)(CURLcode);
    const char *(*multi_strerror)(CURLMcode);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s (libcurl 7.68 or later is needed)", name);
        return 0;
    }
    return 1;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : "cannot load libcurl.so.4");
        return;
    }
#define RESOLVE(field, name) if (!resolve(library, (void **)&api.field, name)) return
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(multi_strerror, "curl_multi_strerror");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_wakeup, "curl_multi_wakeup");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
#undef RESOLVE
    loaded = 1;
}

int rain_curl_load(const char **error) {
    pthread_once(&load_once, load);
    if (!loaded && error != NULL) *error = load_error;
    return loaded;
}

CURLcode rain_curl_global_init(long flags) { return api.global_init(flags); }
const char *rain_curl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }
const char *rain_curl_multi_strerror(CURLMcode code) { return api.multi_strerror(code); }
CURL *rain_curl_easy_init(void) { return api.easy_init(); }
void rain_curl_easy_cleanup(CURL *curl) { api.easy_cleanup(curl); }
CURLM *rain_curl_multi_init(void) { return api.multi_init(); }
CURLMcode rain_curl_multi_cleanup(CURLM *multi) { return api.multi_cleanup(multi); }
CURLMcode rain_curl_multi_add_handle(CURLM *multi, CURL *curl) { return api.multi_add_handle(multi, curl); }
CURLMcode rain_curl_multi_remove_handle(CURLM *multi, CURL *curl) { return api.multi_remove_handle(multi, curl); }
CURLMcode rain_curl_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMcode rain_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *ready) {
    return api.multi_poll(multi, extra, count, timeout_ms, ready);
}
CURLMcode rain_curl_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }
CURLMsg *rain_curl_multi_info_read(CURLM *multi, int *queued) { return api.multi_info_read(multi, queued); }
struct curl_slist *rain_curl_slist_append(struct curl_slist *list, const char *text) { return api.slist_append(list, text); }
void rain_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLcode rain_easy_setopt_long(CURL *curl, CURLoption option, long value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_slist(CURL *curl, CURLoption option, struct curl_slist *value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_off_t(CURL *curl, CURLoption option, curl_off_t value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_write_function(CURL *curl, CURLoption option, rain_write_function value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_header_function(CURL *curl, CURLoption option, rain_header_function value) {
    return api.easy_setopt(curl, option, value);
}

CURLcode rain_easy_getinfo_long(CURL *curl, CURLINFO info, long *value) {
    return api.easy_getinfo(curl, info, value);
}

CURLcode rain_easy_getinfo_off_t(CURL *curl, CURLINFO info, curl_off_t *value) {
    return api.easy_getinfo(curl, info, value);
}

CURLcode rain_easy_getinfo_string(CURL *curl, CURLINFO info, char **value) {
    return api.easy_getinfo(curl, info, value);
}

CURLMcode rain_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return api.multi_setopt(multi, option, value);
}
