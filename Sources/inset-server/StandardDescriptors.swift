#if canImport(Glibc)
    import Glibc
#endif

/// Descriptors 0, 1 and 2 are the process's own before it opens anything: one a supervisor closed
/// (`inset-server >&-`) is opened on `/dev/null`. Left closed, the first socket the process opened (a Redis
/// connection, a client's) would take its number, and everything written to "standard output" would go to it.
enum StandardDescriptors {
    /// Opens `/dev/null` on each of 0, 1 and 2 that is closed; returns the ones it opened. Must run before
    /// anything else opens a descriptor, since `open` takes the lowest free number.
    @discardableResult
    static func claim() -> [Int32] {
        var opened: [Int32] = []
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // `open` takes the lowest free number, which is this one: every lower one is open by now.
            guard open("/dev/null", O_RDWR) == descriptor else { continue }
            opened.append(descriptor)
        }
        return opened
    }
}
