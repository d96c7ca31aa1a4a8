import CMicroHTTPD
import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libmicrohttpd calls these from its worker threads. They are plain functions in their own file:
// a closure at the top level of main.swift would be inferred @MainActor and trap off the main thread.

/// The access handler: called with the headers, then once per body chunk, then once more with no data.
func mhdAccessHandler(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?,
    requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let uploadDataSize, let requestSlot else { return MHD_Result.NO }
    // Borrowed, not retained: libmicrohttpd keeps both alive across the call (the server until it stops, the
    // state until the request completes and the connection closes), and a retain and release per object and
    // call added up.
    return Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
        if let slot = requestSlot.pointee {
            return Unmanaged<ConnectionState>.fromOpaque(slot)._withUnsafeGuaranteedRef { state in
                continueRequest(
                    state, server: server, connection: connection, uploadData: uploadData,
                    uploadDataSize: uploadDataSize)
            }
        }
        // Every connection is announced before its first request; a fresh state is only a fallback.
        guard let announced = inset_connection_socket_context(connection) else {
            return startRequest(
                ConnectionState(), server: server, connection: connection, method: method, url: url, slot: requestSlot)
        }
        return Unmanaged<ConnectionState>.fromOpaque(announced)._withUnsafeGuaranteedRef { state in
            startRequest(state, server: server, connection: connection, method: method, url: url, slot: requestSlot)
        }
    }
}

/// Gives each connection its reusable state when libmicrohttpd accepts it, and drops the connection's
/// reference when it closes.
func mhdConnectionNotified(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let watchdog = server.watchdog
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let state = ConnectionState(socket: inset_connection_fd(connection), server: server)
        socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        watchdog.watch(state)
    case .CONNECTION_NOTIFY_CLOSED:
        guard let state = socketContext.pointee else { return }
        socketContext.pointee = nil
        let released = Unmanaged<ConnectionState>.fromOpaque(state)
        // Before libmicrohttpd closes the socket, which it does once this returns.
        released._withUnsafeGuaranteedRef { watchdog.forget($0) }
        released.release()
    @unknown default:
        break
    }
}

/// libmicrohttpd's URI callback, called with each request line's target before the query is split into
/// arguments: a query with too many is hidden from libmicrohttpd here and refused once the head is read.
func mhdTargetReceived(
    cls: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls, let connection else { return nil }
    let limit = Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { $0.maxQueryArguments }
    // Read before the query is hidden: the NUL may be in it.
    let nulTarget = inset_target_has_encoded_nul(uri) != 0 ? uri.map { String(cString: $0) } : nil
    let hidden = inset_hide_long_query(uri, limit)
    if hidden > 0 || nulTarget != nil, let announced = inset_connection_socket_context(connection) {
        Unmanaged<ConnectionState>.fromOpaque(announced)._withUnsafeGuaranteedRef {
            $0.hiddenQueryArguments = hidden
            $0.targetWithNul = nulTarget
        }
    }
    // libmicrohttpd hands this back as the request's slot: nil keeps the access handler's first call a first.
    return nil
}

/// The first call, with the headers: reads them and decides whether the request runs and its body is wanted.
private func startRequest(
    _ state: ConnectionState, server: ServerContext, connection: OpaquePointer, method: UnsafePointer<CChar>?,
    url: UnsafePointer<CChar>?, slot requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
    // Before the phase turns odd, so the watchdog never sees the previous request's -1 for this one's body.
    state.bodyReceived.store(0, ordering: .relaxed)
    state.phase.add(1, ordering: .releasing)
    let nulTarget = state.targetWithNul
    state.targetWithNul = nil
    // A target with a NUL is answered and logged as it arrived, its path up to the query, never as the
    // decoded path that the NUL cuts short.
    if let nulTarget {
        state.begin(method: method.map(methodName) ?? "", path: originForm(String(nulTarget.prefix { $0 != "?" })))
    } else if let url, spells(state.request.path, url) {
        // A keep-alive client asks for the same path again and again: the last request's string serves.
        state.begin(method: method.map(methodName) ?? "")
    } else {
        state.begin(method: method.map(methodName) ?? "", path: originForm(url.map { String(cString: $0) } ?? "/"))
    }
    let hiddenArguments = state.hiddenQueryArguments
    state.hiddenQueryArguments = 0
    let head = withUnsafeMutablePointer(to: &state.request) {
        RequestHead(connection, into: $0, keeping: server.keptHeaders)
    }
    // Framing first: whatever else is wrong, a stream that cannot be trusted must be closed.
    if let reason = head.framingError { state.refusal = .malformedFraming(reason) }
    if state.refusal == nil, let length = head.declaredLength {
        if length > server.maxBodyBytes {
            state.refusal = .bodyTooLarge(limit: server.maxBodyBytes)
        } else {
            // Room for a usual body at once; a large declared length is not taken on trust before its bytes
            // arrive, so a client cannot make the server hold the limit per connection by declaring it.
            state.request.body.reserveCapacity(min(length, ConnectionState.keptBodyCapacity))
        }
    }
    if state.refusal == nil, hiddenArguments > 0 {
        state.refusal = .tooManyQueryArguments(count: hiddenArguments, limit: server.maxQueryArguments)
    }
    if state.refusal == nil, nulTarget != nil { state.refusal = .nulInTarget }
    // The request's own reference, dropped when it completes.
    requestSlot.pointee = Unmanaged.passRetained(state).toOpaque()
    server.inFlight.add(1, ordering: .relaxed)
    // Refusing a body before it arrives spares reading it, and framing that cannot be trusted ends the
    // connection; libmicrohttpd closes it after either. A query refusal waits for the final call like any answer,
    // so the connection lives on.
    switch state.refusal {
    case .bodyTooLarge, .malformedFraming, .unreadable: return respond(state, server: server, connection: connection)
    case .tooManyQueryArguments, .nulInTarget, nil: return MHD_Result.YES
    }
}

/// A later call: a body chunk, or the final call with none, which answers.
private func continueRequest(
    _ state: ConnectionState, server: ServerContext, connection: OpaquePointer, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>
) -> MHD_Result {
    let size = uploadDataSize.pointee
    if size > 0 {
        if state.refusal == nil, let uploadData {
            if state.request.body.count + size > server.maxBodyBytes {
                state.refusal = .bodyTooLarge(limit: server.maxBodyBytes)
                state.request.body = []
            } else {
                UnsafeRawPointer(uploadData).withMemoryRebound(to: UInt8.self, capacity: size) {
                    state.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        }
        uploadDataSize.pointee = 0
        // libmicrohttpd refuses a response while a body is still arriving, so a chunked body past the limit is
        // read and dropped to its end for a 413; one that runs on past twice the limit is cut off instead.
        state.discarded += state.refusal != nil ? size : 0
        if !state.responded {
            state.bodyReceived.store(state.request.body.count + state.discarded, ordering: .relaxed)
        }
        if state.discarded > 2 * server.maxBodyBytes { return MHD_Result.NO }
        return MHD_Result.YES
    }
    // Called again once a suspended connection is resumed: its answer has come.
    if let pending = state.pending {
        guard let response = pending.take() else { return MHD_Result.NO }
        state.pending = nil
        // Forgotten once sent (mhdRequestCompleted), not here: stop() waits for every answer it has not seen
        // forgotten, and one forgotten as soon as it is queued would let it stop libmicrohttpd before the worker
        // writes it, closing the client's connection instead of sending the 503 (PendingResponseTests).
        state.sending = pending
        return queue(response, on: connection, state: state, closing: server.draining.load(ordering: .relaxed))
    }
    // The final call: queuing here, not earlier, keeps the connection alive for the next request.
    if state.responded { return MHD_Result.YES }
    return respond(state, server: server, connection: connection)
}

/// Drops the request's reference to its connection's state once libmicrohttpd is done with the request,
/// however it ended; a request that ended unanswered leaves its storage emptied for the next one.
func mhdRequestCompleted(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    reason: MHD_RequestTerminationCode
) {
    guard let cls, let requestSlot, let slot = requestSlot.pointee else { return }
    requestSlot.pointee = nil
    let state = Unmanaged<ConnectionState>.fromOpaque(slot)
    let context = Unmanaged<ServerContext>.fromOpaque(cls)
    state._withUnsafeGuaranteedRef { state in
        // Sent, or never to be: a client that reset its connection while it waited is found closed when the
        // connection is resumed, and libmicrohttpd ends the request without calling the handler again, so the
        // answer it waited for is still `pending` here. Kept, it stayed remembered forever and every stop()
        // waited the full `resumeWait` for it.
        if let done = state.sending ?? state.pending {
            state.sending = nil
            state.pending = nil
            context._withUnsafeGuaranteedRef { $0.forget(done) }
        }
        if !state.responded { state.request.recycle() }
        state.answeredAt.store(monotonicMilliseconds(), ordering: .relaxed)
        state.phase.add(1, ordering: .releasing)
    }
    state.release()
    _ = context._withUnsafeGuaranteedRef { $0.inFlight.subtract(1, ordering: .relaxed) }
}

/// The method as a string literal when it is a usual one, which spares building a string from C.
private func methodName(_ method: UnsafePointer<CChar>) -> String {
    let bytes = UnsafeRawPointer(method).assumingMemoryBound(to: UInt8.self)
    func spells(_ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        for index in 0..<count where bytes[index] != name.utf8Start[index] { return false }
        return bytes[count] == 0
    }
    if spells("POST") { return "POST" }
    if spells("GET") { return "GET" }
    if spells("PATCH") { return "PATCH" }
    if spells("DELETE") { return "DELETE" }
    return String(cString: method)
}

/// Whether `text`'s UTF-8 bytes are the C string `bytes`: its length by `strnlen`, which reads no further than
/// one byte past `text`'s length, then its bytes by `memcmp`, both a word at a time. A loop of byte compares cost
/// about 10 instructions a byte of each path.
private func spells(_ text: String, _ bytes: UnsafePointer<CChar>) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
        guard strnlen(bytes, utf8.count + 1) == utf8.count else { return false }
        guard let start = utf8.baseAddress else { return true }
        return memcmp(start, bytes, utf8.count) == 0
    }
}

/// The path of an absolute-form target (`GET http://host/healthz`), which RFC 9112 says a server must accept.
private func originForm(_ target: String) -> String {
    // Nearly every target is already in origin form; only the rest pays for lowercasing.
    if target.utf8.first == UInt8(ascii: "/") { return target }
    for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
        let afterScheme = target.dropFirst(scheme.count)
        return afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
    }
    return target
}

private func respond(_ state: ConnectionState, server: ServerContext, connection: OpaquePointer) -> MHD_Result {
    state.responded = true
    // The whole request is in: what follows is the server's time, which the watchdog does not time.
    state.bodyReceived.store(-1, ordering: .relaxed)
    // Moved out of the state for the call and back after it, through a pointer: passing the class's property
    // itself, or a pointer's pointee, copies the request, retaining and then releasing each of its fields.
    let refusal = state.refusal
    let (response, closing) = withUnsafeMutablePointer(to: &state.request) { stored in
        var request = stored.move()
        let response =
            if let refusal { server.responder.refuse(refusal, to: request) } else {
                server.responder.answer(to: request)
            }
        // After a framing error the rest of the stream cannot be trusted: close it.
        var closing = server.draining.load(ordering: .relaxed)
        if case .malformedFraming = refusal { closing = true }
        request.recycle()
        stored.initialize(to: consume request)
        return (response, closing)
    }
    if let pending = response.pendingAnswer {
        guard server.suspends else { return queue(pending.wait(), on: connection, state: state, closing: closing) }
        return suspend(connection, until: pending, state: state, server: server)
    }
    return queue(response, on: connection, state: state, closing: closing)
}

/// Takes the connection out of its worker's polling until `pending` is answered, then puts it back; the access
/// handler is called again then, and queues the answer.
private func suspend(
    _ connection: OpaquePointer, until pending: HTTPPendingResponse, state: ConnectionState, server: ServerContext
) -> MHD_Result {
    state.pending = pending
    server.remember(pending)
    MHD_suspend_connection(connection)
    // The address only: resuming is safe from any thread, and the connection lives until it is resumed.
    let address = Int(bitPattern: connection)
    pending.whenComplete {
        guard let connection = OpaquePointer(bitPattern: address) else { return }
        MHD_resume_connection(connection)
    }
    return MHD_Result.YES
}

private func queue(
    _ response: consuming HTTPResponse, on connection: OpaquePointer, state: ConnectionState, closing: Bool
) -> MHD_Result {
    if !closing, case .constant(let constant) = response.storage {
        return queue(constant, status: response.status, headers: response.headers, on: connection, state: state)
    }
    let created: OpaquePointer?
    if let (buffer, count, deallocator) = response.takeBody() {
        // libmicrohttpd frees it with its deallocator once sent: no copy into an array, none into libmicrohttpd.
        created = MHD_create_response_from_buffer_with_free_callback_cls(count, buffer, deallocator, buffer)
    } else if case .constant(let constant) = response.storage {
        created = MHD_create_response_from_buffer(
            constant.count, UnsafeMutableRawPointer(mutating: constant.base), .RESPMEM_PERSISTENT)
    } else {
        created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    }
    guard let mhdResponse = created else { return MHD_Result.NO }
    defer { MHD_destroy_response(mhdResponse) }
    _ = add(response.headers, to: mhdResponse)
    if closing { _ = MHD_add_response_header(mhdResponse, "Connection", "close") }
    // Not MHD_queue_response: the shim's definition of that takes libmicrohttpd's own error answers.
    let queued = inset_queue_response(connection, UInt32(clamping: response.status), mhdResponse)
    return queued == Int32(MHD_Result.YES.rawValue) ? MHD_Result.YES : MHD_Result.NO
}

/// Queues a constant answer in its connection's kept response when that answers alike (`ReusableResponse`), or
/// in a new one, which the connection keeps for its next answer.
private func queue(
    _ constant: ConstantBody, status: Int, headers: HTTPHeaders, on connection: OpaquePointer, state: ConnectionState
) -> MHD_Result {
    let code = UInt32(clamping: status)
    if state.reusable?.refresh(status: status, constant: constant, headers: headers) == true,
        let kept = state.reusable?.response
    {
        return inset_queue_response(connection, code, kept) == Int32(MHD_Result.YES.rawValue) ? .YES : .NO
    }
    guard
        let created = MHD_create_response_from_buffer(
            constant.count, UnsafeMutableRawPointer(mutating: constant.base), .RESPMEM_PERSISTENT)
    else { return MHD_Result.NO }
    // Kept only when every field was taken: one that libmicrohttpd refused is missing from the response.
    let complete = add(headers, to: created)
    let queued = inset_queue_response(connection, code, created)
    let kept =
        complete && queued == Int32(MHD_Result.YES.rawValue)
        ? ReusableResponse(created, status: status, constant: constant, headers: headers) : nil
    state.reusable?.destroy()
    state.reusable = kept
    if kept == nil { MHD_destroy_response(created) }
    return queued == Int32(MHD_Result.YES.rawValue) ? MHD_Result.YES : MHD_Result.NO
}

/// Adds `headers`' fields to `response`; false when libmicrohttpd refused one, which it then leaves out.
private func add(_ headers: HTTPHeaders, to response: OpaquePointer) -> Bool {
    var added = true
    // Read where they lie: iterating the headers would copy each field, retaining and releasing both strings.
    headers.forEachField { field in
        // Explicit C strings: passing a String where C wants a pointer copies a short one (such as
        // "Content-Type") into a fresh array, allocating for every header. A value with CR or LF is refused by
        // libmicrohttpd rather than splitting the response.
        field.name.withCString { name in
            field.value.withCString { value in
                if MHD_add_response_header(response, name, value) != MHD_Result.YES { added = false }
            }
        }
    }
    return added
}
