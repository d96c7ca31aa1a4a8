import Synchronization

/// What the C callbacks reach through their `cls` pointer: shared by every worker thread.
final class ServerContext: Sendable {
    let responder: any HTTPResponder
    let maxBodyBytes: Int
    /// Once set, every response asks the client to close, so keep-alive connections drain.
    let draining = Atomic<Bool>(false)
    /// Requests whose headers arrived and that libmicrohttpd has not yet finished with.
    let inFlight = Atomic<Int>(0)

    init(responder: any HTTPResponder, maxBodyBytes: Int) {
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
    }
}
