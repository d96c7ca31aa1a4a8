// MHD_get_daemon_info and MHD_get_connection_info are variadic and return a pointer to a union; both are awkward
// from Swift. The value walk takes a bitmask of kinds, which Swift's closed import of MHD_ValueKind cannot express.
// For RTLD_NEXT.
#define _GNU_SOURCE
#include "CMicroHTTPDShim.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <time.h>

#include <arpa/inet.h>
#include <netinet/in.h>
// The kernel's tcp_info: glibc's copy stops before tcpi_bytes_received.
#include <linux/tcp.h>
#include <netdb.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/types.h>
#include <microhttpd.h>

int inset_make_sockaddr(const char *host, uint16_t port, struct sockaddr_storage *storage, int *is_ipv6) {
    memset(storage, 0, sizeof(*storage));
    struct sockaddr_in *v4 = (struct sockaddr_in *)storage;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        *is_ipv6 = 0;
        return (int)sizeof(*v4);
    }
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)storage;
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        *is_ipv6 = 1;
        return (int)sizeof(*v6);
    }
    struct addrinfo hints;
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    struct addrinfo *found = NULL;
    if (getaddrinfo(host, NULL, &hints, &found) != 0 || found == NULL) return 0;
    int length = 0;
    for (struct addrinfo *ai = found; ai != NULL && length == 0; ai = ai->ai_next) {
        if (ai->ai_family == AF_INET || ai->ai_family == AF_INET6) {
            memcpy(storage, ai->ai_addr, ai->ai_addrlen);
            *is_ipv6 = ai->ai_family == AF_INET6;
            if (*is_ipv6) v6->sin6_port = htons(port); else v4->sin_port = htons(port);
            length = (int)ai->ai_addrlen;
        }
    }
    freeaddrinfo(found);
    return length;
}

uint16_t inset_daemon_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

int inset_daemon_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? -1 : (int)info->num_connections;
}

void *inset_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

struct inset_head_walk {
    const struct inset_header_names *kept;
    struct inset_head *head;
    inset_value_visitor visitor;
    void *context;
};

static unsigned char inset_lower(unsigned char byte) { return byte >= 'A' && byte <= 'Z' ? byte + 32 : byte; }

static int inset_is_blank(char byte) { return byte == ' ' || byte == '\t'; }

// Names and values are compared eight bytes at a time: byte by byte, the three fields of a show's head cost some
// 700 instructions. A text of 8 bytes or more is read as whole words, the last one overlapping the one before,
// so nothing past its end is read; a shorter one byte by byte.

#define INSET_ONES UINT64_C(0x0101010101010101)
#define INSET_HIGHS UINT64_C(0x8080808080808080)

static uint64_t inset_word(const void *bytes) {
    uint64_t word;
    memcpy(&word, bytes, sizeof word);
    return word;
}

/// Whether a byte of `word` is `byte`.
static int inset_word_has(uint64_t word, unsigned char byte) {
    uint64_t differences = word ^ (INSET_ONES * byte);
    return ((differences - INSET_ONES) & ~differences & INSET_HIGHS) != 0;
}

/// `word` with its bytes 'A' to 'Z' lowercased and every other byte as it was. Each byte's low seven bits plus
/// a constant carry into its high bit, never into the next byte.
static uint64_t inset_lower_word(uint64_t word) {
    uint64_t low = word & ~INSET_HIGHS;
    uint64_t from_a = low + INSET_ONES * (0x80 - 'A');
    uint64_t past_z = low + INSET_ONES * (0x80 - 'Z' - 1);
    uint64_t upper = from_a & ~past_z & ~word & INSET_HIGHS;
    return word | upper >> 2;
}

/// Whether `size` bytes at `text` are `lowercase` (lowercase ASCII, as long) in any case.
static int inset_equals_lowercase(const char *text, const unsigned char *lowercase, size_t size) {
    if (size < 8) {
        for (size_t index = 0; index < size; index++) {
            if (inset_lower((unsigned char)text[index]) != lowercase[index]) return 0;
        }
        return 1;
    }
    for (size_t index = 0; index + 8 <= size; index += 8) {
        if (inset_lower_word(inset_word(text + index)) != inset_word(lowercase + index)) return 0;
    }
    return inset_lower_word(inset_word(text + size - 8)) == inset_word(lowercase + size - 8);
}

/// Whether `size` bytes at `text` hold a space or a tab.
static int inset_has_blank(const char *text, size_t size) {
    if (size < 8) {
        int blank = 0;
        for (size_t index = 0; index < size; index++) blank |= inset_is_blank(text[index]);
        return blank;
    }
    uint64_t word = inset_word(text + size - 8);
    int blank = inset_word_has(word, ' ') | inset_word_has(word, '\t');
    for (size_t index = 0; index + 8 <= size; index += 8) {
        word = inset_word(text + index);
        blank |= inset_word_has(word, ' ') | inset_word_has(word, '\t');
    }
    return blank;
}

/// Whether a byte of `word` ends a field value for libmicrohttpd: NUL, CR or LF.
static int inset_word_breaks(uint64_t word) {
    return inset_word_has(word, 0) | inset_word_has(word, '\r') | inset_word_has(word, '\n');
}

int inset_overwrite_value(char *target, size_t stored, const char *value, size_t count) {
    if (count != stored) return 0;
    if (count == 0) return 1;
    int breaks = 0;
    if (count < 8) {
        for (size_t index = 0; index < count; index++) {
            char byte = value[index];
            breaks |= byte == 0 || byte == '\r' || byte == '\n';
        }
    } else {
        breaks = inset_word_breaks(inset_word(value + count - 8));
        for (size_t index = 0; index + 8 <= count; index += 8) breaks |= inset_word_breaks(inset_word(value + index));
    }
    if (breaks) return 0;
    memcpy(target, value, count);
    return 1;
}

/// Notes what framing needs of one field, its name `key` in any case.
static void inset_note_field(struct inset_head *head, const char *key, size_t key_size, const char *value,
                             size_t value_size) {
    // Only three names matter to framing; their lengths tell them apart before any byte is compared.
    switch (key_size) {
    case 4:
        if (inset_equals_lowercase(key, (const unsigned char *)"host", 4)) head->hosts++;
        break;
    case 14:
        if (inset_equals_lowercase(key, (const unsigned char *)"content-length", 14)) {
            while (value_size > 0 && inset_is_blank(value[0])) { value++; value_size--; }
            while (value_size > 0 && inset_is_blank(value[value_size - 1])) value_size--;
            if (head->content_length == NULL) {
                head->content_length = value;
                head->content_length_size = value_size;
            } else if (head->content_length_size != value_size ||
                       memcmp(head->content_length, value, value_size) != 0) {
                head->lengths_disagree = 1;
            }
        }
        break;
    case 17:
        if (inset_equals_lowercase(key, (const unsigned char *)"transfer-encoding", 17)) {
            head->transfer_encodings++;
            if (value_size != 7 || !inset_equals_lowercase(value, (const unsigned char *)"chunked", 7)) {
                head->chunked_exactly = 0;
            }
        }
        break;
    default:
        break;
    }
}

/// Whether the name `key`, in any case, is one of `kept`. A name of a length no kept name has, most of them, is
/// told apart by one bit of `length_mask`.
static int inset_is_kept(const struct inset_header_names *kept, const char *key, size_t key_size) {
    if (kept == NULL) return 1;
    if ((kept->length_mask & (UINT64_C(1) << (key_size < 63 ? key_size : 63))) == 0) return 0;
    const unsigned char *name = kept->bytes;
    for (size_t index = 0; index < kept->count; index++) {
        size_t length = kept->lengths[index];
        if (length == key_size && inset_equals_lowercase(key, name, length)) return 1;
        name += length;
    }
    return 0;
}

static enum MHD_Result inset_walk_value(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                        const char *value, size_t value_size) {
    const struct inset_head_walk *walk = cls;
    if (key == NULL) return MHD_YES;
    if (kind != MHD_HEADER_KIND) {
        walk->visitor(walk->context, 0, key, key_size, value, value_size);
        return MHD_YES;
    }
    if (value == NULL) {
        value = "";
        value_size = 0;
    }
    // Whitespace in a name is refused (framing), looked for in a pass that does nothing else; names are compared
    // in any case where their length says they may match, and not copied.
    if (inset_has_blank(key, key_size)) walk->head->blank_in_name = 1;
    inset_note_field(walk->head, key, key_size, value, value_size);
    if (inset_is_kept(walk->kept, key, key_size)) walk->visitor(walk->context, 1, key, key_size, value, value_size);
    return MHD_YES;
}

int inset_read_head(struct MHD_Connection *connection, const struct inset_header_names *kept, struct inset_head *head,
                    inset_value_visitor visitor, void *context) {
    memset(head, 0, sizeof(*head));
    head->chunked_exactly = 1;
    struct inset_head_walk walk = {kept, head, visitor, context};
    return MHD_get_connection_values_n(connection, (enum MHD_ValueKind)(MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND),
                                       inset_walk_value, &walk);
}

int inset_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

int inset_socket_received(int fd, uint64_t *bytes, uint32_t *age_ms) {
    struct tcp_info info;
    socklen_t length = sizeof(info);
    memset(&info, 0, sizeof(info));
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    // Kernels before 4.1 fill less; they cannot tell how much arrived.
    if (length < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof(info.tcpi_bytes_received)) return -1;
    *bytes = info.tcpi_bytes_received;
    *age_ms = info.tcpi_last_data_recv;
    return 0;
}

size_t inset_hide_long_query(const char *uri, size_t max_arguments) {
    if (uri == NULL) return 0;
    const char *query = strchr(uri, '?');
    if (query == NULL || query[1] == '\0') return 0;
    size_t count = 1;
    for (const char *byte = query + 1; *byte != '\0'; byte++) count += *byte == '&';
    if (count <= max_arguments) return 0;
    // libmicrohttpd's own read buffer, writable: it splits this very text in place right after the callback.
    ((char *)query)[1] = '\0';
    return count;
}

int inset_target_has_encoded_nul(const char *uri) {
    return uri != NULL && strstr(uri, "%00") != NULL;
}

int inset_socket_unread(int fd) {
    int unread = 0;
    if (ioctl(fd, FIONREAD, &unread) != 0) return 0;
    return unread;
}

// libmicrohttpd 0.9.75 answers some requests itself, before the access handler runs or between its calls: a
// malformed or huge Content-Length, a missing Host, a chunk-size line longer than its read buffer (its only 500),
// a request line or header too long, an HTTP version it does not speak. Those answers are HTML pages without the
// service's request id, and for a bad Content-Length or a missing Host it sends the response head twice (fixed
// in 1.0.0). It has no option to replace them, but it queues each through its PLT with MHD_queue_response, so
// the definition below, which the executable exports and the dynamic linker binds the library's call to, sees
// every one of them. The transport's own answers go through inset_queue_response instead, straight to the
// library's definition.

typedef enum MHD_Result (*inset_queue_function)(struct MHD_Connection *, unsigned int, struct MHD_Response *);

static _Atomic(inset_queue_function) library_queue;
static _Atomic(inset_error_answerer) error_answerer;

static inset_queue_function library_queue_response(void) {
    inset_queue_function queue = atomic_load_explicit(&library_queue, memory_order_acquire);
    if (queue == NULL) {
        // The next definition after this executable's own: libmicrohttpd's.
        queue = (inset_queue_function)dlsym(RTLD_NEXT, "MHD_queue_response");
        atomic_store_explicit(&library_queue, queue, memory_order_release);
    }
    return queue;
}

void inset_set_error_answerer(inset_error_answerer answerer) {
    atomic_store_explicit(&error_answerer, answerer, memory_order_release);
}

int inset_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    inset_queue_function queue = library_queue_response();
    return queue == NULL ? MHD_NO : queue(connection, status, response);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status,
                                   struct MHD_Response *response) {
    inset_error_answerer answerer = atomic_load_explicit(&error_answerer, memory_order_acquire);
    // The service's answer goes first, and the socket is shut down behind it; the library's own is then queued
    // as usual and meets the shut socket, so it is never sent. Queueing it must succeed: told it failed, 0.9.75
    // closes the connection and frees its memory pool at once, even where its caller goes on with the request
    // (splitting a query that filled the pool), and the worker thread then read freed memory.
    if (answerer != NULL) answerer(connection, status);
    if (inset_queue_response(connection, status, response) != MHD_YES) return MHD_NO;
    // While the daemon stops, 0.9.75 says yes without queueing anything, and its error path would then build a
    // head for no response (a NULL dereference); told no, it closes the connection, which is all a stop needs.
    return MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS) != NULL ? MHD_YES : MHD_NO;
}

size_t inset_http_date(char *buffer, size_t capacity) {
    time_t now = time(NULL);
    struct tm parts;
    if (gmtime_r(&now, &parts) == NULL) return 0;
    return strftime(buffer, capacity, "%a, %d %b %Y %H:%M:%S GMT", &parts);
}
