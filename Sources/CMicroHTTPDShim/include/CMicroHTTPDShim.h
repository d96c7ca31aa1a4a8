#ifndef CMICROHTTPD_SHIM_PUBLIC_H
#define CMICROHTTPD_SHIM_PUBLIC_H

#include <stdint.h>
#include <sys/socket.h>

struct MHD_Daemon;

/// Fills `storage` with the address for `host` (an IPv4 or IPv6 literal, or a name) and `port`.
/// Returns the address length, or 0 when the host cannot be resolved. `*is_ipv6` says which family.
int inset_make_sockaddr(const char *host, uint16_t port, struct sockaddr_storage *storage, int *is_ipv6);

/// The port the daemon is bound to (the ephemeral one after `--port 0`), or 0 when unknown.
uint16_t inset_daemon_bound_port(struct MHD_Daemon *daemon);

/// The number of connections the daemon currently holds open, or -1 when unknown.
int inset_daemon_connection_count(struct MHD_Daemon *daemon);

#endif
