/* An HTTP server over libmicrohttpd, loaded at run time (see chttpserver.h).
 *
 * Why dlopen rather than linking: only `conform serve` needs an HTTP server, and the conform binary is
 * installed on CI machines that run `check` and `run` alone; linking would make every command fail to
 * start where libmicrohttpd is missing, and the build need its -dev package. So, as CHTTP does for libcurl,
 * the library is opened when a server starts, and its header is not needed to build: the few flag, option
 * and kind numbers used are part of libmicrohttpd's stable ABI (microhttpd.h) and are written out here. */

#include "chttpserver.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* libmicrohttpd's numbers (microhttpd.h). */
enum {
    USE_THREAD_PER_CONNECTION = 4, USE_INTERNAL_POLLING_THREAD = 8, USE_IPv6 = 16, USE_POLL = 64,
    OPTION_END = 0, OPTION_CONNECTION_LIMIT = 2, OPTION_CONNECTION_TIMEOUT = 3, OPTION_NOTIFY_COMPLETED = 4,
    OPTION_SOCK_ADDR = 6,
    HEADER_KIND = 1, GET_ARGUMENT_KIND = 8,
    RESPMEM_MUST_COPY = 2,
    DAEMON_INFO_LISTEN_FD = 2,
    RESULT_NO = 0, RESULT_YES = 1
};

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

typedef int (*access_handler_fn)(void *, struct MHD_Connection *, const char *, const char *, const char *,
                                 const char *, size_t *, void **);
typedef void (*completed_fn)(void *, struct MHD_Connection *, void **, int);
typedef struct MHD_Daemon *(*start_daemon_fn)(unsigned int, uint16_t, void *, void *, access_handler_fn, void *, ...);
typedef void (*stop_daemon_fn)(struct MHD_Daemon *);
typedef const void *(*get_daemon_info_fn)(struct MHD_Daemon *, int, ...);
typedef const char *(*lookup_value_fn)(struct MHD_Connection *, int, const char *);
typedef struct MHD_Response *(*create_response_fn)(size_t, void *, int);
typedef int (*add_header_fn)(struct MHD_Response *, const char *, const char *);
typedef int (*queue_response_fn)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
typedef void (*destroy_response_fn)(struct MHD_Response *);

static struct {
    start_daemon_fn start;
    stop_daemon_fn stop;
    get_daemon_info_fn info;
    lookup_value_fn lookup;
    create_response_fn create;
    add_header_fn add_header;
    queue_response_fn queue;
    destroy_response_fn destroy;
    char why[512];
} mhd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {
        "libmicrohttpd.so.12", "libmicrohttpd.so", "libmicrohttpd.12.dylib", "libmicrohttpd.dylib"
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(mhd.why, sizeof mhd.why,
                 "the workbench server needs libmicrohttpd, which could not be loaded (install it, e.g. apt-get install libmicrohttpd12)");
        return;
    }
    mhd.start = (start_daemon_fn)dlsym(library, "MHD_start_daemon");
    mhd.stop = (stop_daemon_fn)dlsym(library, "MHD_stop_daemon");
    mhd.info = (get_daemon_info_fn)dlsym(library, "MHD_get_daemon_info");
    mhd.lookup = (lookup_value_fn)dlsym(library, "MHD_lookup_connection_value");
    mhd.create = (create_response_fn)dlsym(library, "MHD_create_response_from_buffer");
    mhd.add_header = (add_header_fn)dlsym(library, "MHD_add_response_header");
    mhd.queue = (queue_response_fn)dlsym(library, "MHD_queue_response");
    mhd.destroy = (destroy_response_fn)dlsym(library, "MHD_destroy_response");
    if (!mhd.start || !mhd.stop || !mhd.info || !mhd.lookup || !mhd.create || !mhd.add_header || !mhd.queue || !mhd.destroy) {
        mhd.start = NULL;
        snprintf(mhd.why, sizeof mhd.why, "the libmicrohttpd found lacks the functions the workbench server needs");
    }
}

struct chs_server {
    struct MHD_Daemon *daemon;
    unsigned short port;
    size_t max_body;
    chs_handler handler;
    void *context;
};

struct header {
    char *name, *value;
    struct header *next;
};

struct chs_request {
    chs_server *server;
    struct MHD_Connection *connection;
    const char *method, *path;
    unsigned char *body;
    size_t length, capacity;
    int over_limit, answered;
    struct header *headers;
};

static int answer(struct MHD_Connection *connection, unsigned status, const char *content_type, const void *body,
                  size_t length, const struct header *headers) {
    struct MHD_Response *response = mhd.create(length, (void *)(body ? body : ""), RESPMEM_MUST_COPY);
    if (!response) return RESULT_NO;
    mhd.add_header(response, "Content-Type", content_type);
    for (const struct header *h = headers; h; h = h->next) mhd.add_header(response, h->name, h->value);
    int queued = mhd.queue(connection, status, response);
    mhd.destroy(response);
    return queued;
}

static const char too_large[] = "{\"error\":\"the request body is larger than the server's limit\"}";

static int on_request(void *context, struct MHD_Connection *connection, const char *url, const char *method,
                      const char *version, const char *upload_data, size_t *upload_data_size, void **request_context) {
    (void)version;
    chs_server *server = context;
    chs_request *request = *request_context;
    if (!request) {
        request = calloc(1, sizeof *request);
        if (!request) return RESULT_NO;
        request->server = server;
        request->connection = connection;
        request->method = method;
        request->path = url;
        *request_context = request;
        /* A body announced larger than the limit is refused before it is read. */
        const char *announced = mhd.lookup(connection, HEADER_KIND, "Content-Length");
        if (announced && strtoull(announced, NULL, 10) > server->max_body) {
            request->over_limit = 1;
            request->answered = 1;
            return answer(connection, 413, "application/json", too_large, sizeof too_large - 1, NULL);
        }
        return RESULT_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (request->over_limit) return RESULT_YES;
        if (n > server->max_body - request->length) {
            /* A chunked body that grows past the limit: the connection is closed. */
            request->over_limit = 1;
            return RESULT_NO;
        }
        if (request->length + n > request->capacity) {
            size_t capacity = request->capacity ? request->capacity : 16384;
            while (capacity < request->length + n) capacity *= 2;
            unsigned char *grown = realloc(request->body, capacity);
            if (!grown) return RESULT_NO;
            request->body = grown;
            request->capacity = capacity;
        }
        memcpy(request->body + request->length, upload_data, n);
        request->length += n;
        return RESULT_YES;
    }
    if (request->answered) return RESULT_YES;
    server->handler(server->context, request);
    if (!request->answered) {
        static const char failed[] = "{\"error\":\"the request was not answered\"}";
        request->answered = 1;
        return answer(connection, 500, "application/json", failed, sizeof failed - 1, NULL);
    }
    return RESULT_YES;
}

static void on_completed(void *context, struct MHD_Connection *connection, void **request_context, int reason) {
    (void)context; (void)connection; (void)reason;
    chs_request *request = *request_context;
    if (!request) return;
    while (request->headers) {
        struct header *next = request->headers->next;
        free(request->headers->name);
        free(request->headers->value);
        free(request->headers);
        request->headers = next;
    }
    free(request->body);
    free(request);
    *request_context = NULL;
}

chs_server *chs_start(const char *host, unsigned short port, unsigned max_connections, unsigned timeout_seconds,
                      size_t max_body, chs_handler handler, void *context, char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (!mhd.start) {
        snprintf(error, error_size, "%s", mhd.why);
        return NULL;
    }
    struct addrinfo hints = {0}, *found = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    char service[8];
    snprintf(service, sizeof service, "%u", (unsigned)port);
    int status = getaddrinfo(host, service, &hints, &found);
    if (status != 0 || !found) {
        snprintf(error, error_size, "cannot use the address '%s': %s", host, gai_strerror(status));
        return NULL;
    }
    chs_server *server = calloc(1, sizeof *server);
    if (!server) abort();
    server->max_body = max_body;
    server->handler = handler;
    server->context = context;
    struct sockaddr_storage address;
    memcpy(&address, found->ai_addr, found->ai_addrlen);
    unsigned flags = USE_THREAD_PER_CONNECTION | USE_INTERNAL_POLLING_THREAD | USE_POLL;
    if (found->ai_family == AF_INET6) flags |= USE_IPv6;
    freeaddrinfo(found);
    server->daemon = mhd.start(flags, port, NULL, NULL, on_request, server,
                               OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                               OPTION_CONNECTION_LIMIT, max_connections,
                               OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                               OPTION_NOTIFY_COMPLETED, on_completed, (void *)NULL,
                               OPTION_END);
    if (!server->daemon) {
        snprintf(error, error_size, "cannot listen on %s port %u (in use, or not an address of this machine)", host, (unsigned)port);
        free(server);
        return NULL;
    }
    server->port = port;
    const int *fd = mhd.info(server->daemon, DAEMON_INFO_LISTEN_FD);
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    if (fd && getsockname(*fd, (struct sockaddr *)&bound, &bound_length) == 0) {
        if (bound.ss_family == AF_INET) server->port = ntohs(((struct sockaddr_in *)&bound)->sin_port);
        else if (bound.ss_family == AF_INET6) server->port = ntohs(((struct sockaddr_in6 *)&bound)->sin6_port);
    }
    return server;
}

unsigned short chs_port(const chs_server *server) { return server->port; }

void chs_stop(chs_server *server) {
    mhd.stop(server->daemon);
    free(server);
}

const char *chs_method(const chs_request *request) { return request->method; }
const char *chs_path(const chs_request *request) { return request->path; }

const char *chs_header(const chs_request *request, const char *name) {
    return mhd.lookup(request->connection, HEADER_KIND, name);
}

const char *chs_argument(const chs_request *request, const char *name) {
    return mhd.lookup(request->connection, GET_ARGUMENT_KIND, name);
}

const unsigned char *chs_body(const chs_request *request, size_t *length) {
    *length = request->length;
    return request->body;
}

void chs_add_header(chs_request *request, const char *name, const char *value) {
    struct header *h = calloc(1, sizeof *h);
    if (!h) abort();
    h->name = strdup(name);
    h->value = strdup(value);
    if (!h->name || !h->value) abort();
    /* Kept in the order added. */
    struct header **end = &request->headers;
    while (*end) end = &(*end)->next;
    *end = h;
}

void chs_respond(chs_request *request, unsigned status, const char *content_type, const unsigned char *body, size_t length) {
    if (request->answered) return;
    request->answered = 1;
    answer(request->connection, status, content_type, body, length, request->headers);
}
