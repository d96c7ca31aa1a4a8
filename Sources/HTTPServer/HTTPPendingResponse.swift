import Locking

/// An answer that another thread gives later (a reply from Redis): the responder returns
/// `HTTPResponse.pending(_:)` at once, and the transport suspends the connection instead of blocking its worker
/// thread, which serves its other connections meanwhile. `complete(_:)` wakes the connection, and the worker then
/// builds the answer, so that the completing thread only hands over what it computed.
///
/// A server that stops before the answer comes answers with `ifStopped`, which the responder chose when it made
/// the pending answer: the transport cannot tell what the wait was for (a change that may have been made, a read
/// that can simply be sent again), so it never decides that itself.
public final class HTTPPendingResponse: Sendable {
    private struct State {
        /// Builds the answer; set once by `complete`, moved out by `take`.
        var answer: (@Sendable () -> HTTPResponse)?
        /// Whether `complete` was called.
        var given = false
        /// Applied to the answer once built: what the responder adds to every answer.
        var finishing: (@Sendable (HTTPResponse) -> HTTPResponse)?
        /// The transport's hook, called once the answer is there.
        var onComplete: (@Sendable () -> Void)?
    }

    private let state = Locked(State())
    /// The answer given when the server stops before `complete` is called.
    private let ifStopped: @Sendable () -> HTTPResponse

    /// An answer still to come; `ifStopped` builds the one the connection gets should the server stop first (by
    /// default a 503 with `Retry-After`, which says the request was not served and may be sent again).
    public init(ifStopped: @escaping @Sendable () -> HTTPResponse = HTTPPendingResponse.notServed) {
        self.ifStopped = ifStopped
    }

    /// A 503 with `Retry-After: 1` and no body: the default answer of a server that stops while the answer waits.
    public static let notServed: @Sendable () -> HTTPResponse = {
        var headers = HTTPHeaders()
        headers.add(name: "Retry-After", value: "1")
        return HTTPResponse(status: 503, headers: headers)
    }

    /// Gives the answer chosen for a stopping server (`ifStopped`), unless the real one was given first.
    func completeAsStopped() {
        complete(ifStopped)
    }

    /// Gives the answer, which `build` makes on the thread that sends it; a second call is ignored.
    public func complete(_ build: @escaping @Sendable () -> HTTPResponse) {
        let hook = state.withLockSignalling { (state: inout State) -> (@Sendable () -> Void)? in
            guard !state.given else { return nil }
            state.given = true
            state.answer = build
            defer { state.onComplete = nil }
            return state.onComplete
        }
        hook?()
    }

    /// Runs `transform` over the answer once it is built: the responder's request id, headers, metrics and log
    /// line, which belong to the moment it is sent. Set by the responder before it returns the pending answer.
    public func finishing(with transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) {
        state.withLock { $0.finishing = transform }
    }

    /// Blocks until the answer is given, then builds it: for callers without a connection to suspend (tests, the
    /// synchronous `respond(to:)`).
    public func wait() -> HTTPResponse {
        while true {
            let parts = state.wait(until: { $0.given }, atMost: Self.waitSlice) { ($0.answer, $0.finishing) }
            if let answer = parts.0 { return Self.build(answer, parts.1) }
        }
    }

    /// The answer, built, once given; nil before, and after the first time. The builder is moved out and released
    /// once it has run, so that the answer's body, which it captured, is the response's alone and libmicrohttpd
    /// can take the buffer instead of a copy.
    func take() -> HTTPResponse? {
        let (answer, finishing) = state.withLock { state in
            defer { state.answer = nil }
            return (state.answer, state.finishing)
        }
        guard let answer else { return nil }
        return Self.build(answer, finishing)
    }

    /// Calls `resume` once the answer is given: at once when it already is, else from `complete`'s thread.
    func whenComplete(_ resume: @escaping @Sendable () -> Void) {
        let given = state.withLock { (state: inout State) -> Bool in
            if state.given { return true }
            state.onComplete = resume
            return false
        }
        if given { resume() }
    }

    /// Seconds `wait` sleeps between checks; the answer's arrival wakes it sooner.
    private static let waitSlice = 60.0

    private static func build(
        _ answer: @Sendable () -> HTTPResponse, _ finishing: (@Sendable (HTTPResponse) -> HTTPResponse)?
    ) -> HTTPResponse {
        let response = answer()
        return finishing.map { $0(response) } ?? response
    }
}

extension HTTPResponse {
    /// A response that stands for `pending`, which gives the real one later; only a responder's `answer(to:)`
    /// returns it.
    public static func pending(_ pending: HTTPPendingResponse) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.pendingAnswer = pending
        return response
    }
}
