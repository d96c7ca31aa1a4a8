import Synchronization

/// What the C callbacks reach through their `cls` pointer: shared by every worker thread.
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Query arguments parsed at most; a request with more is refused with 414.
    let maxQueryArguments: Int
    /// The watchdog for request heads, when the configuration sets a deadline.
    let headDeadline: HeadDeadline?
    /// Once set, every response asks the client to close, so keep-alive connections drain.
    let draining = Atomic<Bool>(false)
    /// Requests whose headers arrived and that libmicrohttpd has not yet finished with.
    let inFlight = Atomic<Int>(0)

    init(responder: any HTTPResponder, configuration: HTTPServerConfiguration) {
        self.responder = responder
        self.maxBodyBytes = configuration.maxBodyBytes
        self.maxQueryArguments = configuration.maxQueryArguments
        self.headDeadline = configuration.headerTimeout > 0 ? HeadDeadline(timeout: configuration.headerTimeout) : nil
    }
}
