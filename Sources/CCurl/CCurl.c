#include "CCurl.h"

CURLcode rain_easy_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_slist(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_off_t(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_write_function(CURL *curl, CURLoption option, rain_write_function value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_setopt_header_function(CURL *curl, CURLoption option, rain_header_function value) {
    return curl_easy_setopt(curl, option, value);
}

CURLcode rain_easy_getinfo_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}

CURLcode rain_easy_getinfo_off_t(CURL *curl, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(curl, info, value);
}

CURLcode rain_easy_getinfo_string(CURL *curl, CURLINFO info, char **value) {
    return curl_easy_getinfo(curl, info, value);
}

CURLMcode rain_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
