import HTTPServer
import InsetSession
import InsetStores
import Locking
import Synchronization

/// The session store and the clock its sessions are timed by: what every session handler needs.
struct Sessions: Sendable {
    /// Where sessions live: memory by default, Redis with `--session-store redis://…`.
    let store: SessionBackend
    let clock: MonotonicClock

    /// The server's time now, in milliseconds.
    var now: Double { clock.now() }
}

/// Whether the service is draining before exit, and the transport serving it, which `/metrics` reports: state
/// the application and its handlers share.
final class Lifecycle: Sendable {
    private let draining = Atomic<Bool>(false)
    /// The transport serving the application, once `InsetServer` made one.
    let transport = Locked(TransportLink())

    /// Whether the service is draining; `/readyz` then answers 503.
    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the service as draining.
    func beginDraining() { draining.store(true, ordering: .relaxed) }
}
