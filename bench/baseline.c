/* Baseline for bench/run: libmicrohttpd with the same daemon flags and options as
 * Sources/HTTPServer/HTTPServer.swift, answering every request with a constant JSON body
 * the size of a real stateless show response. Usage: baseline [--port N] [--threads N] [--body-bytes N]
 * [--pool-bytes N] (libmicrohttpd's connection memory; its own default, 32 KiB, as the service's, unless given) */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *body;
static size_t body_len;


/* Per-request state: a marker so the first call (headers only) is told apart from later ones. */
static int first_call_marker;

static enum MHD_Result handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size,
                               void **req_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*req_cls == NULL) { /* headers: accept, wait for the body */
        *req_cls = &first_call_marker;
        return MHD_YES;
    }
    if (*upload_data_size > 0) { /* a body chunk: read (discard) it */
        *upload_data_size = 0;
        return MHD_YES;
    }
    /* final call: queue the constant response, as the Swift transport does */
    struct MHD_Response *response = MHD_create_response_from_buffer(body_len, body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result ret = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return ret;
}

static void completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                      enum MHD_RequestTerminationCode toe) {
    (void)cls; (void)connection; (void)toe;
    *req_cls = NULL;
}

int main(int argc, char **argv) {
    unsigned port = 8081;
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    size_t bytes = 1200;
    size_t pool_bytes = 32 * 1024;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--port") == 0) port = (unsigned)atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--threads") == 0) threads = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--body-bytes") == 0) bytes = (size_t)atol(argv[i + 1]);
        else if (strcmp(argv[i], "--pool-bytes") == 0) pool_bytes = (size_t)atol(argv[i + 1]);
        else { fprintf(stderr, "unknown flag %s\n", argv[i]); return 2; }
    }
    if (threads < 1) threads = 1;
    body_len = bytes;
    body = malloc(bytes + 1);
    if (body == NULL) return 1;
    /* valid JSON of exactly `bytes` bytes: {"pad":"xxxx...x"}\n */
    memset(body, 'x', bytes);
    if (bytes >= 12) {
        memcpy(body, "{\"pad\":\"", 8);
        memcpy(body + bytes - 3, "\"}\n", 3);
    }

    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    /* SIGTERM and SIGINT are blocked before libmicrohttpd starts its threads, which inherit the mask, so only the
       main thread takes them, in sigwait: a handler with pause() could miss one arriving on another thread or
       between its check and the pause, and then never exit. */
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);

    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, (uint16_t)port, NULL, NULL, handler, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)15,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)1000,
        MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, pool_bytes,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "baseline: could not start on port %u\n", port); return 1; }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("listening on http://127.0.0.1:%u\n", info ? (unsigned)info->port : port);
    fflush(stdout);

    int received;
    sigwait(&stop_signals, &received);
    MHD_stop_daemon(daemon);
    free(body);
    return 0;
}
