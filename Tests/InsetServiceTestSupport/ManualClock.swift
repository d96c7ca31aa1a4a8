import InsetStores
import Locking

/// A clock the test moves by hand: it starts at 1000 ms and moves only by `advance(by:)`.
package final class ManualClock: Sendable {
    private let milliseconds = Locked(1000.0)

    /// Creates a clock at 1000 ms.
    package init() {}

    /// The clock an application reads.
    package var clock: MonotonicClock { MonotonicClock { [self] in milliseconds.withLock { $0 } } }

    /// Moves the clock on by `delta` milliseconds.
    package func advance(by delta: Double) { milliseconds.withLock { $0 += delta } }
}
