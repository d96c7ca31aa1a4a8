import HTTPServer
import HTTPTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Buffers `OwnedText` handed to libmicrohttpd and freed: its deallocator is a C function, which captures nothing.
private let freedOwnedBuffers = Atomic<Int>(0)

/// A body held by an object of its own, as the service's written answers are: freed by the transport once sent,
/// or by the object when no transport took it.
private final class OwnedText: BodyOwner {
    /// The buffer's address, 0 once taken: swapped out atomically, so it is handed out once.
    private let address: Atomic<Int>
    let count: Int

    init(_ text: String) {
        let bytes = Array(text.utf8)
        count = bytes.count
        let buffer = UnsafeMutableRawPointer(malloc(max(1, bytes.count)))
        bytes.withUnsafeBytes { source in
            if let buffer, let start = source.baseAddress { buffer.copyMemory(from: start, byteCount: source.count) }
        }
        address = Atomic(Int(bitPattern: buffer))
    }

    deinit {
        if let buffer = take() { OwnedText.free(buffer) }
    }

    static let free: BodyDeallocator = { buffer in
        Glibc.free(buffer)
        freedOwnedBuffers.add(1, ordering: .relaxed)
    }

    var deallocator: BodyDeallocator { Self.free }

    var bytes: [UInt8] {
        guard let buffer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    func take() -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: address.exchange(0, ordering: .acquiringAndReleasing))
    }
}

/// Answers `/owned` with a body its owner holds; `/shared` does too, but keeps a copy of the response, which
/// `/again` answers: the response the transport gets for `/shared` shares its owner with that copy.
private final class OwnedResponder: HTTPResponder {
    private let kept = Mutex<HTTPResponse?>(nil)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/again", let copy = kept.withLock({ $0.take() }) { return copy }
        let response = HTTPResponse(status: 200, owner: OwnedText("owned body for \(request.path)"))
        if request.path == "/shared" { kept.withLock { $0 = response } }
        return response
    }

    func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: refusal.status)
    }
}

extension TransportTests {
    /// An owned body is sent whole and freed once, whether the transport takes it from the owner or, when a copy
    /// of the response shares the owner, sends a copy of its bytes and leaves the owner to the last copy.
    @Test func anOwnedBodyIsSentWholeAndFreedOnce() throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
            responder: OwnedResponder())
        try server.start()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let before = freedOwnedBuffers.load(ordering: .relaxed)
        let answers = [
            ("/owned", "/owned"), ("/shared", "/shared"), ("/again", "/shared"), ("/owned", "/owned"),
        ]
        for (path, bodyOf) in answers {
            let response = try client.request("GET", path)
            #expect(response.status == 200)
            #expect(response.text == "owned body for \(bodyOf)")
        }
        // Three bodies, each freed once: two taken and freed once sent, the shared one by the last copy.
        #expect(eventually { freedOwnedBuffers.load(ordering: .relaxed) - before == 3 })
        #expect(freedOwnedBuffers.load(ordering: .relaxed) - before == 3)
    }
}
