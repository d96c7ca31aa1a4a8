import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Calls made after a delay, from one thread that runs only while some are waiting: how an update that does not
/// hold a worker waits before sending a lost write again to a Redis that refuses connections (`RedisUpdate`'s
/// `.pause`). The pipeline's own thread must not sleep for it, since every other command waits behind that thread.
/// Rare (only after a lost reply, while Redis cannot be reached), so one thread started on demand does.
package final class DelayedCalls: Sendable {
    private struct Waiting {
        /// When to call, on `RedisClock`.
        var due: Double
        var call: @Sendable () -> Void
    }

    private struct State {
        var waiting: [Waiting] = []
        var running = false
    }

    private let state = Locked(State())

    /// An empty queue.
    package init() {}

    /// Calls `call` in `milliseconds`, on this queue's thread.
    package func after(_ milliseconds: Double, _ call: @escaping @Sendable () -> Void) {
        let due = RedisClock.now() + max(0, milliseconds)
        let start = state.withLockSignalling { (state: inout State) -> Bool in
            state.waiting.append(Waiting(due: due, call: call))
            defer { state.running = true }
            return !state.running
        }
        guard start else { return }
        if let thread = Locking.startThread({ [self] in run() }) {
            pthread_detach(thread)
        } else {
            // No thread: the calls wait on this one (the pipeline's, at worst, for at most one pause).
            run()
        }
    }

    /// Makes the calls as they come due, until none waits.
    private func run() {
        while true {
            let now = RedisClock.now()
            let (due, next) = state.withLock { (state: inout State) -> ([Waiting], Double?) in
                let due = state.waiting.filter { $0.due <= now }
                state.waiting.removeAll { $0.due <= now }
                if due.isEmpty && state.waiting.isEmpty { state.running = false }
                return (due, state.waiting.map(\.due).min())
            }
            for waiting in due { waiting.call() }
            guard due.isEmpty else { continue }
            guard let next else { return }
            // Woken sooner by a call added meanwhile, which may be due before `next`.
            let count = state.withLock { $0.waiting.count }
            state.wait(until: { $0.waiting.count != count }, atMost: (next - now) / 1000) { _ in () }
        }
    }
}
