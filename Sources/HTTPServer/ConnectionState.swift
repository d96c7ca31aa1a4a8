import Synchronization

/// What the transport keeps for one connection: the request being gathered across the access handler's calls,
/// held in storage that each of the connection's requests reuses. A keep-alive client sends many requests per
/// connection, and allocating this object, its header fields and its body anew for each one would allocate and
/// free all three on every request.
///
/// The connection's announcement holds one reference and a request in progress another, so the state lives
/// until both the request's completion and the connection's close are through, in whichever order they come.
final class ConnectionState {
    /// The request being read; between requests, its emptied storage. Only the connection's worker thread
    /// touches it, one call at a time, so the exclusivity checks a class property would get are skipped.
    @exclusivity(unchecked) var request = HTTPRequest(method: "", path: "")
    /// Why the current request is answered without running, once that is known.
    var refusal: HTTPRefusal?
    /// Query arguments the URI callback hid from libmicrohttpd for the request being read (0: none).
    var hiddenQueryArguments = 0
    /// The request target as it arrived, kept by the URI callback when it holds `%00` (nil otherwise): the
    /// decoded path would end at the NUL, so this is what the request is answered and logged as.
    var targetWithNul: String?
    /// Body bytes dropped after the limit was passed.
    var discarded = 0
    /// Whether the current request has been answered.
    var responded = false
    /// The answer still to come while the connection is suspended for it.
    var pending: HTTPPendingResponse?
    /// That answer once queued, until libmicrohttpd has sent it (or the request ended otherwise): `stop()` waits
    /// for it, since libmicrohttpd closes a connection whose queued answer is not yet written.
    var sending: HTTPPendingResponse?
    /// The last constant answer queued on the connection, kept for its next one like it.
    @exclusivity(unchecked) var reusable: ReusableResponse?
    /// The connection's socket, -1 when unknown; read by the watchdog.
    let socket: Int32
    /// The server the connection belongs to, which outlives it; nil for a state made without an announcement.
    unowned(unsafe) let server: ServerContext?
    /// Twice the requests whose head has arrived, plus one while such a request is in progress: even means the
    /// connection waits for a head. The watchdog reads it from its own thread.
    let phase = Atomic<Int>(0)
    /// Monotonic milliseconds at which the last request completed; read by the watchdog.
    let answeredAt = Atomic<Int>(0)
    /// Body bytes the current request has received while its body is still arriving; -1 once the whole
    /// request is in (or between requests). Read by the watchdog, which times bodies.
    let bodyReceived = Atomic<Int>(-1)

    /// A state for a connection of `server`'s on `socket`.
    init(socket: Int32 = -1, server: ServerContext? = nil) {
        self.socket = socket
        self.server = server
    }

    deinit {
        reusable?.destroy()
    }

    /// Body storage reserved ahead of a declared length, and kept for the connection's next request, is at most
    /// this: a longer body grows its storage as its bytes arrive and that storage is dropped after the request,
    /// so what idle connections hold stays bounded by this much per connection the limit allows.
    static let keptBodyCapacity = 4096

    /// Starts a request on this connection, with whatever the previous one left already emptied.
    func begin(method: String, path: String) {
        request.path = path
        begin(method: method)
    }

    /// Starts a request for the same path as the connection's last one.
    func begin(method: String) {
        request.method = method
        refusal = nil
        discarded = 0
        responded = false
        pending = nil
    }
}

extension HTTPRequest {
    /// Empties the request, keeping the header and body storage for the connection's next request (a body's
    /// only up to `ConnectionState.keptBodyCapacity`).
    mutating func recycle() {
        headers.removeAll()
        if !query.isEmpty { query.removeAll(keepingCapacity: true) }
        if body.capacity > ConnectionState.keptBodyCapacity {
            body = []
        } else if !body.isEmpty {
            body.removeAll(keepingCapacity: true)
        }
    }
}
