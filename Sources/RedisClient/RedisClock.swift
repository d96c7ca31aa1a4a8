#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC in milliseconds, to the microsecond, never going back: what the reconnect backoff and
/// `DelayedCalls` measure time with. Only the difference of two readings means anything, and no reading leaves
/// this module: the service's own clock is none of the client's business.
enum RedisClock {
    /// The current reading.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec * 1_000_000 + spec.tv_nsec / 1000) / 1000
    }
}
