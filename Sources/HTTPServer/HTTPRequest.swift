#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP request, with its whole body read.
public struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `POST`, ...).
    public var method: String
    /// The path, without the query string, percent-decoded.
    public var path: String
    /// The query arguments in order, percent-decoded. The transport gives a key without `=` an empty value;
    /// nil is there for requests built by hand.
    public var query: [(name: String, value: String?)]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there was none).
    public var body: [UInt8]

    /// Creates a request; tests build them directly to call handlers without a socket.
    public init(
        method: String, path: String, query: [(name: String, value: String?)] = [],
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first value of query argument `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// One HTTP response.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields; `Content-Length` and `Date` are added by the transport.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8] {
        get {
            switch storage {
            case .bytes(let bytes): bytes
            case .owned(let owner): owner.bytes
            case .constant(let constant): constant.bytes
            }
        }
        set { storage = .bytes(newValue) }
    }
    /// Where the body lives; the transport hands a `malloc`ed one to libmicrohttpd without copying it.
    var storage: BodyStorage
    /// Set on a stand-in whose real answer comes later (`pending(_:)`).
    public internal(set) var pendingAnswer: HTTPPendingResponse?

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.storage = .bytes(body)
    }

    /// Creates a response that owns `count` bytes at `buffer`, which `deallocator` frees (by default `free`, for a
    /// buffer from `malloc`): the transport gives them to libmicrohttpd as they are, where an array would be
    /// copied twice on the way, and libmicrohttpd calls `deallocator` once it has sent them.
    public init(
        status: Int, headers: HTTPHeaders = HTTPHeaders(), adopting buffer: UnsafeMutableRawPointer, count: Int,
        deallocator: BodyDeallocator = free
    ) {
        self.status = status
        self.headers = headers
        self.storage = .owned(MallocedBody(buffer, count: count, deallocator: deallocator))
    }

    /// Creates a response whose body is the buffer `owner` holds, handed to libmicrohttpd as an adopted one is:
    /// the owner, made with the text, holds it until then, and no second object is made for it.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), owner: any BodyOwner) {
        self.status = status
        self.headers = headers
        self.storage = .owned(owner)
    }

    /// Creates a response whose body is `constant`'s bytes, which live as long as the process: the transport hands
    /// them to libmicrohttpd as they are, neither copied nor freed.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), constant: ConstantBody) {
        self.status = status
        self.headers = headers
        self.storage = .constant(constant)
    }
}

/// Frees a response's adopted body.
public typealias BodyDeallocator = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// Bytes copied once into memory that is never freed, for answers that never change.
///
/// Unchecked Sendable: the bytes are written once, in `init`, and only read afterwards.
public struct ConstantBody: @unchecked Sendable {
    let base: UnsafeRawPointer?
    let count: Int

    /// A copy of `bytes` that lives as long as the process.
    public init(_ bytes: [UInt8]) {
        count = bytes.count
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { memory.copyMemory(from: start, byteCount: source.count) }
        }
        base = UnsafeRawPointer(memory)
    }

    /// A copy of the bytes.
    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }
}

extension HTTPResponse {
    /// The adopted or owned body, its size and its deallocator, now the caller's to free, when this response alone
    /// holds its owner; nil (and the response unchanged) otherwise, when a copy of the response shares it: the
    /// response is then sent from a copy of the bytes, so that every copy answers the whole body and none frees it
    /// twice.
    mutating func takeBody() -> (UnsafeMutableRawPointer, Int, BodyDeallocator)? {
        guard case .owned(var owner) = storage else { return nil }
        // Dropped from the response first, so that an owner nobody else shares is uniquely referenced here.
        storage = .bytes([])
        guard isKnownUniquelyReferenced(&owner), let buffer = owner.take() else {
            storage = .owned(owner)
            return nil
        }
        return (buffer, owner.count, owner.deallocator)
    }
}

/// A response body's storage.
enum BodyStorage: Sendable {
    case bytes([UInt8])
    /// A buffer held by an object (an adopted one by `MallocedBody`, a written answer by its own).
    case owned(any BodyOwner)
    case constant(ConstantBody)
}

/// An object that holds a response body's buffer until the transport takes it (`take`), and frees it otherwise.
/// The transport takes it only from a response that alone refers to the owner, on the thread answering the
/// request, so `take` needs no lock; copies of such a response are sent from copies of `bytes`.
public protocol BodyOwner: AnyObject, Sendable {
    /// The body's length in bytes.
    var count: Int { get }
    /// Frees the buffer once libmicrohttpd has sent it.
    var deallocator: BodyDeallocator { get }
    /// A copy of the bytes; empty once taken.
    var bytes: [UInt8] { get }
    /// The buffer, now the caller's to free; nil after the first call.
    func take() -> UnsafeMutableRawPointer?
}

/// An adopted body, freed by its deallocator with its last reference unless the transport took it first.
///
/// Unchecked Sendable: the buffer is written before the response is made and only read afterwards; `take`
/// is called by the transport, on the thread answering the request, when the response is uniquely held.
final class MallocedBody: BodyOwner, @unchecked Sendable {
    private var buffer: UnsafeMutableRawPointer?
    let count: Int
    let deallocator: BodyDeallocator

    init(_ buffer: UnsafeMutableRawPointer, count: Int, deallocator: BodyDeallocator) {
        self.buffer = buffer
        self.count = count
        self.deallocator = deallocator
    }

    deinit {
        if let buffer { deallocator(buffer) }
    }

    /// A copy of the bytes.
    var bytes: [UInt8] {
        guard let buffer else { return [] }
        return Array(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    /// The buffer, now the caller's to free.
    func take() -> UnsafeMutableRawPointer? {
        defer { buffer = nil }
        return buffer
    }
}

/// Something that answers requests; called concurrently from the server's worker threads.
public protocol HTTPResponder: Sendable {
    /// Answers one request. Never throws: every failure is a response.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Answers one request, or returns `HTTPResponse.pending(_:)` when the answer waits for something another
    /// thread will give (a reply from Redis): the transport then serves other connections until it comes. What
    /// the transport calls; by default `respond(to:)`.
    func answer(to request: HTTPRequest) -> HTTPResponse
    /// Whether `answer(to:)` may return pending answers: only then does the transport let libmicrohttpd suspend
    /// connections, which costs it a little on every turn of its loops (by default false; a pending answer is then
    /// waited for on the worker).
    var answersLater: Bool { get }
    /// Words the answer to a request the transport refused before any route: `respond(to:)` is not called for
    /// it. The request has its head; its body is empty.
    func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse
    /// The request header fields the responder reads, by name in any case; nil (the default) for every field. The
    /// transport puts only these in `HTTPRequest.headers`, which spares making strings of the others (it reads
    /// the fields that frame the request itself, whatever this says).
    var requestHeaderNames: [String]? { get }
}

extension HTTPResponder {
    /// Answers at once.
    public func answer(to request: HTTPRequest) -> HTTPResponse { respond(to: request) }

    /// Never later.
    public var answersLater: Bool { false }

    /// Every field.
    public var requestHeaderNames: [String]? { nil }
}
