/* HTTP GET through libcurl, loaded at run time (see chttp.h). libcurl's header is not needed to build:
 * the few option and result numbers used are part of libcurl's stable ABI and are written out here. */

#include "chttp.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* libcurl's numbers (curl/curl.h): options, info codes and result codes. */
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_REFERER = 10016,
    OPT_USERAGENT = 10018, OPT_HEADERDATA = 10029, OPT_ACCEPT_ENCODING = 10102, OPT_PROTOCOLS_STR = 10318,
    OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079,
    OPT_FOLLOWLOCATION = 52, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181, OPT_MAXFILESIZE_LARGE = 30117,
    INFO_RESPONSE_CODE = 0x200000 + 2, INFO_REDIRECT_URL = 0x100000 + 31, INFO_CONTENT_TYPE = 0x100000 + 18,
    INFO_STARTTRANSFER_TIME = 0x300000 + 17,
    PROTO_HTTP = 1, PROTO_HTTPS = 2, GLOBAL_ALL = 3, ERROR_SIZE = 256,
    E_OK = 0, E_WRITE_ERROR = 23, E_OPERATION_TIMEDOUT = 28, E_FILESIZE_EXCEEDED = 63
};

typedef void *(*easy_init_fn)(void);
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_perform_fn)(void *);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef void (*easy_cleanup_fn)(void *);
typedef void (*easy_reset_fn)(void *);
typedef const char *(*easy_strerror_fn)(int);
typedef int (*global_init_fn)(long);

static struct {
    easy_init_fn init;
    easy_setopt_fn setopt;
    easy_perform_fn perform;
    easy_getinfo_fn getinfo;
    easy_cleanup_fn cleanup;
    easy_reset_fn reset;
    easy_strerror_fn strerror;
    char why[512];
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* Each thread keeps one transfer handle and with it libcurl's cache of open connections, so that the
 * requests a thread makes to one host reuse a connection (keep-alive, and TLS sessions) instead of opening
 * one each. The handle is reset between requests (options cleared, connections kept) and freed when the
 * thread ends. */
static pthread_key_t handle_key;

static void free_handle(void *easy) {
    if (easy && curl.cleanup) curl.cleanup(easy);
}

static void load(void) {
    static const char *const names[] = {
        "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(curl.why, sizeof curl.why,
                 "HTTP fetching needs libcurl, which could not be loaded (install libcurl4, e.g. apt-get install libcurl4)");
        return;
    }
    global_init_fn global_init = (global_init_fn)dlsym(library, "curl_global_init");
    curl.init = (easy_init_fn)dlsym(library, "curl_easy_init");
    curl.setopt = (easy_setopt_fn)dlsym(library, "curl_easy_setopt");
    curl.perform = (easy_perform_fn)dlsym(library, "curl_easy_perform");
    curl.getinfo = (easy_getinfo_fn)dlsym(library, "curl_easy_getinfo");
    curl.cleanup = (easy_cleanup_fn)dlsym(library, "curl_easy_cleanup");
    curl.strerror = (easy_strerror_fn)dlsym(library, "curl_easy_strerror");
    curl.reset = (easy_reset_fn)dlsym(library, "curl_easy_reset");
    if (!global_init || !curl.init || !curl.setopt || !curl.perform || !curl.getinfo || !curl.cleanup || !curl.strerror || !curl.reset) {
        curl.init = NULL;
        snprintf(curl.why, sizeof curl.why, "the libcurl found lacks the functions HTTP fetching needs");
        return;
    }
    if (global_init(GLOBAL_ALL) != E_OK) {
        curl.init = NULL;
        snprintf(curl.why, sizeof curl.why, "libcurl could not be initialised");
        return;
    }
    if (pthread_key_create(&handle_key, free_handle) != 0) {
        curl.init = NULL;
        snprintf(curl.why, sizeof curl.why, "no thread-local storage for libcurl's handles");
    }
}

struct chttp_response {
    int outcome;
    long status;
    unsigned char *body;
    size_t length, capacity, limit;
    int over_limit;
    char *redirect_url;
    char *location;
    char *content_type;
    long first_byte_ms;
    char error[ERROR_SIZE];
};

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    chttp_response *r = context;
    size_t n = size * count;
    size_t room = r->limit - r->length;
    size_t take = n > room ? room : n;
    if (take && r->length + take > r->capacity) {
        size_t capacity = r->capacity ? r->capacity : 16384;
        while (capacity < r->length + take) capacity *= 2;
        if (capacity > r->limit) capacity = r->limit;
        unsigned char *grown = realloc(r->body, capacity);
        if (!grown) return 0;
        r->body = grown;
        r->capacity = capacity;
    }
    if (take) memcpy(r->body + r->length, data, take);
    r->length += take;
    if (take < n) {
        r->over_limit = 1;
        return 0; /* stops the transfer */
    }
    return n;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    chttp_response *r = context;
    size_t n = size * count;
    static const char name[] = "location:";
    const size_t name_length = sizeof name - 1;
    if (n > name_length && strncasecmp(data, name, name_length) == 0) {
        size_t start = name_length, end = n;
        while (start < end && (data[start] == ' ' || data[start] == '\t')) start++;
        while (end > start && (data[end - 1] == '\r' || data[end - 1] == '\n' || data[end - 1] == ' ' || data[end - 1] == '\t')) end--;
        char *value = malloc(end - start + 1);
        if (value) {
            memcpy(value, data + start, end - start);
            value[end - start] = 0;
            free(r->location);
            r->location = value;
        }
    }
    return n;
}

chttp_response *chttp_get(const char *url, const char *user_agent, const char *referer, long timeout_ms, size_t max_bytes) {
    chttp_response *r = calloc(1, sizeof *r);
    if (!r) abort();
    r->limit = max_bytes;
    r->first_byte_ms = -1;
    /* libcurl reads 0 as no limit at all. */
    if (timeout_ms < 1) timeout_ms = 1;
    pthread_once(&load_once, load);
    if (!curl.init) {
        r->outcome = CHTTP_UNAVAILABLE;
        snprintf(r->error, sizeof r->error, "%s", curl.why);
        return r;
    }
    void *easy = pthread_getspecific(handle_key);
    if (easy) {
        curl.reset(easy);
    } else {
        easy = curl.init();
        if (!easy) {
            r->outcome = CHTTP_FAILED;
            snprintf(r->error, sizeof r->error, "libcurl could not start a transfer");
            return r;
        }
        pthread_setspecific(handle_key, easy);
    }
    char message[ERROR_SIZE] = {0};
    curl.setopt(easy, OPT_ERRORBUFFER, message);
    curl.setopt(easy, OPT_URL, url);
    if (curl.setopt(easy, OPT_PROTOCOLS_STR, "http,https") != E_OK) curl.setopt(easy, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.setopt(easy, OPT_FOLLOWLOCATION, 0L);
    curl.setopt(easy, OPT_NOSIGNAL, 1L);
    curl.setopt(easy, OPT_TIMEOUT_MS, timeout_ms);
    curl.setopt(easy, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.setopt(easy, OPT_USERAGENT, user_agent);
    if (referer) curl.setopt(easy, OPT_REFERER, referer);
    /* Every encoding libcurl can decode; the size limit applies to the decoded body. */
    curl.setopt(easy, OPT_ACCEPT_ENCODING, "");
    curl.setopt(easy, OPT_MAXFILESIZE_LARGE, (long long)max_bytes);
    curl.setopt(easy, OPT_WRITEFUNCTION, on_body);
    curl.setopt(easy, OPT_WRITEDATA, r);
    curl.setopt(easy, OPT_HEADERFUNCTION, on_header);
    curl.setopt(easy, OPT_HEADERDATA, r);
    int code = curl.perform(easy);
    long status = 0;
    curl.getinfo(easy, INFO_RESPONSE_CODE, &status);
    r->status = status;
    char *target = NULL;
    if (curl.getinfo(easy, INFO_REDIRECT_URL, &target) == E_OK && target) r->redirect_url = strdup(target);
    char *content_type = NULL;
    if (curl.getinfo(easy, INFO_CONTENT_TYPE, &content_type) == E_OK && content_type) r->content_type = strdup(content_type);
    double first_byte = 0;
    if (status > 0 && curl.getinfo(easy, INFO_STARTTRANSFER_TIME, &first_byte) == E_OK && first_byte > 0) {
        r->first_byte_ms = (long)(first_byte * 1000 + 0.5);
    }
    if (code == E_OK) {
        r->outcome = CHTTP_DONE;
    } else if (code == E_OPERATION_TIMEDOUT) {
        r->outcome = CHTTP_TIMEOUT;
    } else if (code == E_FILESIZE_EXCEEDED || (code == E_WRITE_ERROR && r->over_limit)) {
        r->outcome = CHTTP_OVERSIZE;
    } else {
        r->outcome = CHTTP_FAILED;
        snprintf(r->error, sizeof r->error, "%s", message[0] ? message : curl.strerror(code));
    }
    /* The error buffer lives on this stack frame: the handle must not keep pointing at it. */
    curl.setopt(easy, OPT_ERRORBUFFER, (char *)NULL);
    return r;
}

int chttp_outcome(const chttp_response *r) { return r->outcome; }
long chttp_status(const chttp_response *r) { return r->status; }
const char *chttp_error(const chttp_response *r) { return r->error; }
const char *chttp_redirect_url(const chttp_response *r) { return r->redirect_url; }
const char *chttp_location(const chttp_response *r) { return r->location; }
const char *chttp_content_type(const chttp_response *r) { return r->content_type; }
long chttp_first_byte_ms(const chttp_response *r) { return r->first_byte_ms; }

const unsigned char *chttp_body(const chttp_response *r, size_t *length) {
    *length = r->length;
    return r->body;
}

void chttp_free(chttp_response *r) {
    free(r->body);
    free(r->redirect_url);
    free(r->location);
    free(r->content_type);
    free(r);
}
