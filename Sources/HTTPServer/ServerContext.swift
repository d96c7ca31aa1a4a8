import Locking
import Synchronization

/// What the C callbacks reach through their `cls` pointer: shared by every worker thread.
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Query arguments parsed at most; a request with more is refused with 414.
    let maxQueryArguments: Int
    /// The watchdog for deadlines and the connection limit.
    let watchdog: ConnectionWatchdog
    /// Once set, every response asks the client to close, so keep-alive connections drain.
    let draining = Atomic<Bool>(false)
    /// Requests whose headers arrived and that libmicrohttpd has not yet finished with.
    let inFlight = Atomic<Int>(0)
    /// The request header fields the responder reads (its `requestHeaderNames`); nil for every one.
    let keptHeaders: HeaderNames?
    /// Whether connections may be suspended for pending answers (the responder's `answersLater`).
    let suspends: Bool
    /// The answers suspended connections wait for, which `stop()` must see given before libmicrohttpd may stop.
    let suspended = Locked([ObjectIdentifier: HTTPPendingResponse]())

    /// Notes that a connection waits for `pending`.
    func remember(_ pending: HTTPPendingResponse) {
        suspended.withLock { $0[ObjectIdentifier(pending)] = pending }
    }

    /// Notes that `pending`'s answer was sent, or that its request ended without it.
    func forget(_ pending: HTTPPendingResponse) {
        suspended.withLock { $0[ObjectIdentifier(pending)] = nil }
    }

    init(responder: any HTTPResponder, configuration: HTTPServerConfiguration) {
        self.responder = responder
        self.suspends = responder.answersLater
        self.keptHeaders = responder.requestHeaderNames.map(HeaderNames.init)
        self.maxBodyBytes = configuration.maxBodyBytes
        self.maxQueryArguments = configuration.maxQueryArguments
        self.watchdog = ConnectionWatchdog(
            headTimeout: configuration.headerTimeout, bodyTimeout: configuration.bodyTimeout,
            minBodyRate: configuration.minBodyRate, limit: configuration.connectionLimit)
    }
}
