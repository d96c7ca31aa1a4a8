#ifndef CMICROHTTPD_SHIM_PUBLIC_H
#define CMICROHTTPD_SHIM_PUBLIC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

/// Fills `storage` with the address for `host` (an IPv4 or IPv6 literal, or a name) and `port`.
/// Returns the address length, or 0 when the host cannot be resolved. `*is_ipv6` says which family.
int inset_make_sockaddr(const char *host, uint16_t port, struct sockaddr_storage *storage, int *is_ipv6);

/// The port the daemon is bound to (the ephemeral one after `--port 0`), or 0 when unknown.
uint16_t inset_daemon_bound_port(struct MHD_Daemon *daemon);

/// The number of connections the daemon currently holds open, or -1 when unknown.
int inset_daemon_connection_count(struct MHD_Daemon *daemon);

/// The pointer stored for `connection` when libmicrohttpd announced it (`MHD_OPTION_NOTIFY_CONNECTION`), or NULL.
void *inset_connection_socket_context(struct MHD_Connection *connection);

/// Called once per request header (`is_header` 1) or query argument (0), in arrival order; `value` is NULL for
/// a query key without `=`. Lengths are in bytes, as libmicrohttpd measured them.
typedef void (*inset_value_visitor)(void *context, int is_header, const char *key, size_t key_length,
                                    const char *value, size_t value_length);

/// Header names, lowercase ASCII, one after another in `bytes`, the `index`th `lengths[index]` long.
struct inset_header_names {
    const unsigned char *bytes;
    const size_t *lengths;
    size_t count;
    /// Bit n set when a name is n bytes long (bit 63: 63 or more).
    uint64_t length_mask;
};

/// What the RFC 9112 framing checks need of a request's header fields, gathered as they are walked.
struct inset_head {
    /// `Host` fields.
    int hosts;
    /// Whether a field name holds a space or a tab.
    int blank_in_name;
    /// Whether a later `Content-Length` differs from the first (without optional whitespace).
    int lengths_disagree;
    /// `Transfer-Encoding` fields, and whether each said exactly `chunked` (in any case).
    int transfer_encodings;
    int chunked_exactly;
    /// The first `Content-Length` value without optional whitespace, NULL when there is none; libmicrohttpd's
    /// bytes, which live until the request completes.
    const char *content_length;
    size_t content_length_size;
};

/// Walks the request's header fields and query arguments in one pass (libmicrohttpd keeps them in one list), filling
/// `head` from every field on the way; `visitor` is called for each query argument and for each field whose name
/// is one of `kept` in any case (every field when `kept` is NULL). Returns the number of values walked.
int inset_read_head(struct MHD_Connection *connection, const struct inset_header_names *kept, struct inset_head *head,
                    inset_value_visitor visitor, void *context);

/// The socket of `connection`, or -1 when unknown.
int inset_connection_fd(struct MHD_Connection *connection);

/// What the kernel has received on TCP socket `fd`: the payload bytes so far and the milliseconds since the last
/// of them (`tcpi_bytes_received`, `tcpi_last_data_recv`). Returns 0, or -1 when the socket cannot say.
int inset_socket_received(int fd, uint64_t *bytes, uint32_t *age_ms);

/// Bytes the kernel holds for TCP socket `fd` that no one has read yet (`FIONREAD`); 0 when it cannot say.
int inset_socket_unread(int fd);

/// Called from libmicrohttpd's URI callback, which 0.9.75 runs after finding the query's `?` and before
/// splitting the query into arguments: when the query at `uri` has more than `max_arguments` arguments, it is
/// emptied where it lies (the byte after `?` becomes NUL), so libmicrohttpd parses none of them, and their
/// count is returned; otherwise the URI is left alone and 0 is returned.
size_t inset_hide_long_query(const char *uri, size_t max_arguments);

/// Whether the raw request target `uri` holds `%00`, which libmicrohttpd decodes to a NUL in the path or in a
/// query argument: its C strings end there, so the path the access handler sees would be cut short.
int inset_target_has_encoded_nul(const char *uri);

/// Answers a request libmicrohttpd refuses by itself with `status` (400, 413, 414, 431, 500 or 505), writing the
/// whole response to the connection's socket and shutting the socket down, or does nothing when it cannot.
typedef void (*inset_error_answerer)(struct MHD_Connection *connection, unsigned int status);

/// Routes libmicrohttpd's own error answers to `answerer` (process-wide; NULL restores the library's pages).
void inset_set_error_answerer(inset_error_answerer answerer);

/// Queues a response as `MHD_queue_response` does (returning `MHD_YES` or `MHD_NO`): every answer of the transport's own goes through this, since
/// the shim's definition of `MHD_queue_response` takes the library's own error answers.
int inset_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

/// Copies `count` bytes of `value` over `target`, libmicrohttpd's copy of a field value `stored` bytes long, when
/// the two are as long and `value` holds no NUL, CR or LF (where the library would have cut or refused it);
/// returns whether it did. Reads eight bytes at a time.
int inset_overwrite_value(char *target, size_t stored, const char *value, size_t count);

/// Writes the current time as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`) into `buffer`; returns its length.
size_t inset_http_date(char *buffer, size_t capacity);

#endif
