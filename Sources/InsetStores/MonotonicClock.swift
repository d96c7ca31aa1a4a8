#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Milliseconds since an arbitrary start, never going back: the server's clock for events without a timestamp.
public struct MonotonicClock: Sendable {
    @usableFromInline let read: @Sendable () -> Double

    /// The process's continuous clock, read to the microsecond. Finer would be noise in an answer (a frame is
    /// 16 667 µs), and a whole number of microseconds is written as a short decimal (`586.734`) that the JSON
    /// writer produces without the standard library's general float formatting.
    public static let system: MonotonicClock = {
        let origin = monotonicMicroseconds()
        return MonotonicClock { Double(monotonicMicroseconds() - origin) / 1000 }
    }()

    /// Milliseconds since the Unix epoch (CLOCK_REALTIME): the clock replicas sharing a session store agree on,
    /// within NTP's precision, where each process's monotonic clock starts anywhere. It may step back; a
    /// session only ever carries its clock forward by the time elapsed, never by a negative one.
    public static let realTime = MonotonicClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }

    /// CLOCK_MONOTONIC in whole microseconds: read twice per request, so straight from the vDSO rather than
    /// through `ContinuousClock`'s Duration arithmetic.
    private static func monotonicMicroseconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec.tv_sec * 1_000_000 + spec.tv_nsec / 1000
    }

    /// A clock that reads `read`; the tests and the fuzz target pass a manual one.
    package init(_ read: @escaping @Sendable () -> Double) {
        self.read = read
    }

    /// The current reading, in milliseconds: inlinable, as every request reads it twice, from another module.
    @inlinable public func now() -> Double { read() }
}
