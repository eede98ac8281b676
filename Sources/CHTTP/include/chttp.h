#ifndef CHTTP_H
#define CHTTP_H

/* One HTTP GET through libcurl, loaded with dlopen on first use, so that a program that never fetches
 * never loads libcurl and the libraries it needs (TLS, Kerberos, LDAP ...). The header exposes no
 * libcurl type: a response is an opaque handle read through the functions below. */

#include <stddef.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if !__has_feature(nullability)
#define _Nonnull
#define _Nullable
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct chttp_response chttp_response;

/* How a request ended. */
enum {
    CHTTP_DONE = 0,        /* a response was read whole (any status) */
    CHTTP_TIMEOUT = 1,     /* the time limit ran out */
    CHTTP_OVERSIZE = 2,    /* the body (or its announced length) is larger than the limit */
    CHTTP_FAILED = 3,      /* any other transport failure; chttp_error says what */
    CHTTP_UNAVAILABLE = 4  /* libcurl could not be loaded; chttp_error says why */
};

/* One GET of `url` that does not follow redirects: http and https only, an overall time limit in
 * milliseconds, at most `max_bytes` of (decoded) body. `referer` may be NULL. Never NULL; free with
 * chttp_free. Safe to call from several threads at once. */
chttp_response * _Nonnull chttp_get(const char * _Nonnull url, const char * _Nonnull user_agent,
                                    const char * _Nullable referer, long timeout_ms, size_t max_bytes);

int chttp_outcome(const chttp_response * _Nonnull response);
/* The HTTP status code, 0 when no response came. */
long chttp_status(const chttp_response * _Nonnull response);
/* What went wrong, for CHTTP_FAILED and CHTTP_UNAVAILABLE; "" otherwise. */
const char * _Nonnull chttp_error(const chttp_response * _Nonnull response);
/* The body received, and its length in bytes. */
const unsigned char * _Nullable chttp_body(const chttp_response * _Nonnull response, size_t * _Nonnull length);
/* For a redirect: the absolute URL it points at, as libcurl resolves the Location header; else NULL. */
const char * _Nullable chttp_redirect_url(const chttp_response * _Nonnull response);
/* The Location header as the server wrote it (the last one received), or NULL. */
const char * _Nullable chttp_location(const chttp_response * _Nonnull response);

/* The Content-Type header of the response, or NULL. */
const char * _Nullable chttp_content_type(const chttp_response * _Nonnull response);
/* Milliseconds from the start of the request to the first byte of the response, or -1 when none came. */
long chttp_first_byte_ms(const chttp_response * _Nonnull response);

void chttp_free(chttp_response * _Nonnull response);

#ifdef __cplusplus
}
#endif

#endif
