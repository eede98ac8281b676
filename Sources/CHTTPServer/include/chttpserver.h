#ifndef CHTTPSERVER_H
#define CHTTPSERVER_H

/* A small HTTP server over libmicrohttpd, for `conform serve`. libmicrohttpd is loaded with dlopen when a
 * server is started, so that every other command (and the build) never needs it: the program links no
 * HTTP-server library, and a machine without libmicrohttpd runs everything but `serve`, which then says
 * what to install. The header exposes no libmicrohttpd type: a server and a request are opaque handles.
 *
 * The shim reads each request whole (headers, then a body of at most the configured size) before handing it
 * to the handler, answers 413 itself to a body over the limit, and closes connections idle for longer than
 * the time limit. Each connection has its own thread; at most `max_connections` are open at once. */

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

typedef struct chs_server chs_server;
typedef struct chs_request chs_request;

/* Called once per complete request, on the connection's thread; it answers with chs_respond (a request
 * left unanswered gets a 500). Several handlers may run at once. */
typedef void (*chs_handler)(void * _Nullable context, chs_request * _Nonnull request);

/* Starts listening on `host` (a numeric IPv4 or IPv6 address, or a name resolved once) and `port` (0: a free
 * one). `timeout_seconds` closes a connection idle that long; `max_body` bytes is the largest request body.
 * Returns NULL and fills `error` when it cannot start. */
chs_server * _Nullable chs_start(const char * _Nonnull host, unsigned short port, unsigned max_connections,
                                 unsigned timeout_seconds, size_t max_body, chs_handler _Nonnull handler,
                                 void * _Nullable context, char * _Nonnull error, size_t error_size);
/* The port the server listens on. */
unsigned short chs_port(const chs_server * _Nonnull server);
/* Stops listening, waits for the requests in progress and frees the server. */
void chs_stop(chs_server * _Nonnull server);

/* The request line: method (GET, POST ...) and path without the query string. */
const char * _Nonnull chs_method(const chs_request * _Nonnull request);
const char * _Nonnull chs_path(const chs_request * _Nonnull request);
/* A header's value (name case-insensitive), or NULL. */
const char * _Nullable chs_header(const chs_request * _Nonnull request, const char * _Nonnull name);
/* A query-string argument's value, decoded, or NULL. */
const char * _Nullable chs_argument(const chs_request * _Nonnull request, const char * _Nonnull name);
/* The body, and its length in bytes. */
const unsigned char * _Nullable chs_body(const chs_request * _Nonnull request, size_t * _Nonnull length);

/* Adds a header to the answer; call before chs_respond. */
void chs_add_header(chs_request * _Nonnull request, const char * _Nonnull name, const char * _Nonnull value);
/* Answers with `status` and a copy of `body`. Only the first call counts. */
void chs_respond(chs_request * _Nonnull request, unsigned status, const char * _Nonnull content_type,
                 const unsigned char * _Nullable body, size_t length);

#ifdef __cplusplus
}
#endif

#endif
