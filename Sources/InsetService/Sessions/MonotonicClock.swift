/// Milliseconds since an arbitrary start, never going back: the server's clock for events without a timestamp.
public struct MonotonicClock: Sendable {
    private let read: @Sendable () -> Double

    /// The process's continuous clock.
    public static let system: MonotonicClock = {
        let origin = ContinuousClock.now
        return MonotonicClock {
            let elapsed = ContinuousClock.now - origin
            let (seconds, attoseconds) = elapsed.components
            return Double(seconds) * 1000 + Double(attoseconds) / 1e15
        }
    }()

    /// A clock that reads `read`; tests pass a manual one.
    public init(_ read: @escaping @Sendable () -> Double) {
        self.read = read
    }

    /// The current reading, in milliseconds.
    public func now() -> Double { read() }
}
