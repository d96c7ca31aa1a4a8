#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Milliseconds since an arbitrary start, never going back: the server's clock for events without a timestamp.
public struct MonotonicClock: Sendable {
    private let read: @Sendable () -> Double

    /// The process's continuous clock.
    public static let system: MonotonicClock = {
        let origin = monotonicMilliseconds()
        return MonotonicClock { monotonicMilliseconds() - origin }
    }()

    /// CLOCK_MONOTONIC in milliseconds: read twice per request, so straight from the vDSO rather than
    /// through `ContinuousClock`'s Duration arithmetic.
    private static func monotonicMilliseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
    }

    /// A clock that reads `read`; tests pass a manual one.
    public init(_ read: @escaping @Sendable () -> Double) {
        self.read = read
    }

    /// The current reading, in milliseconds.
    public func now() -> Double { read() }
}
