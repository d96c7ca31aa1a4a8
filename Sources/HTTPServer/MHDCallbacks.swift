import CMicroHTTPD

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
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()

    guard let slot = requestSlot.pointee else {
        let state = RequestState(
            method: method.map { String(cString: $0) } ?? "",
            path: originForm(url.map { String(cString: $0) } ?? "/"),
            headers: connectionValues(connection, kind: .HEADER_KIND))
        state.query = connectionValues(connection, kind: .GET_ARGUMENT_KIND).fields.map {
            (name: $0.name, value: Optional($0.value))
        }
        state.framingError = framingError(state.headers)
        if state.framingError == nil, let declared = state.headers["Content-Length"], let length = Int(declared),
            length > server.maxBodyBytes
        {
            state.bodyTooLarge = true
        }
        requestSlot.pointee = Unmanaged.passRetained(state).toOpaque()
        server.inFlight.add(1, ordering: .relaxed)
        // Refusing before the body arrives spares reading it; libmicrohttpd then closes the connection.
        if state.bodyTooLarge || state.framingError != nil {
            return respond(state, server: server, connection: connection)
        }
        return MHD_Result.YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(slot).takeUnretainedValue()

    let size = uploadDataSize.pointee
    if size > 0 {
        if !state.bodyTooLarge, let uploadData {
            if state.body.count + size > server.maxBodyBytes {
                state.bodyTooLarge = true
                state.body = []
            } else {
                UnsafeRawPointer(uploadData).withMemoryRebound(to: UInt8.self, capacity: size) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        }
        uploadDataSize.pointee = 0
        // libmicrohttpd refuses a response while a body is still arriving, so a chunked body past the limit is
        // read and dropped to its end for a 413; one that runs on past twice the limit is cut off instead.
        state.discarded += state.bodyTooLarge ? size : 0
        if state.discarded > 2 * server.maxBodyBytes { return MHD_Result.NO }
        return MHD_Result.YES
    }
    // The final call: queuing here, not earlier, keeps the connection alive for the next request.
    if state.responded { return MHD_Result.YES }
    return respond(state, server: server, connection: connection)
}

/// Frees the per-request state once libmicrohttpd is done with the request, however it ended.
func mhdRequestCompleted(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    reason: MHD_RequestTerminationCode
) {
    guard let cls, let requestSlot, let slot = requestSlot.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(slot).release()
    requestSlot.pointee = nil
    Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().inFlight.subtract(1, ordering: .relaxed)
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

/// RFC 9112 framing that must be refused rather than guessed at: request smuggling starts with these.
///
/// It runs on every request, so it looks at bytes and allocates nothing unless a header is unusual.
private func framingError(_ headers: HTTPHeaders) -> String? {
    var hosts = 0
    var length: String?
    var codings: [String] = []
    for field in headers {
        if field.name.utf8.contains(where: isBlank) { return "a header name contains whitespace" }
        if field.name.caseInsensitiveEquals("Host") { hosts += 1 }
        if field.name.caseInsensitiveEquals("Content-Length") {
            let padded = field.value.utf8.first.map(isBlank) == true || field.value.utf8.last.map(isBlank) == true
            let value = padded ? field.value.trimmingCharacters(in: " \t") : field.value
            if let length, length != value { return "Content-Length headers that disagree" }
            length = value
        }
        if field.name.caseInsensitiveEquals("Transfer-Encoding") {
            codings += field.value.split(separator: ",").map { $0.lowercased().trimmingCharacters(in: " \t") }
        }
    }
    if hosts > 1 { return "more than one Host header" }
    if !codings.isEmpty {
        if length != nil { return "both Content-Length and Transfer-Encoding" }
        if codings != ["chunked"] { return "a transfer coding other than chunked" }
    }
    return nil
}

/// A space or a tab: the optional whitespace of RFC 9110 §5.6.3.
private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

private func respond(_ state: RequestState, server: ServerContext, connection: OpaquePointer) -> MHD_Result {
    state.responded = true
    let response = server.responder.respond(to: state.request())
    // After a framing error the rest of the stream cannot be trusted: close it.
    let closing = server.draining.load(ordering: .relaxed) || state.framingError != nil
    return queue(response, on: connection, closing: closing)
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer, closing: Bool) -> MHD_Result {
    let created = response.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let mhdResponse = created else { return MHD_Result.NO }
    defer { MHD_destroy_response(mhdResponse) }
    for field in response.headers {
        // A value with CR or LF is refused here rather than splitting the response.
        _ = MHD_add_response_header(mhdResponse, field.name, field.value)
    }
    if closing { _ = MHD_add_response_header(mhdResponse, "Connection", "close") }
    return MHD_queue_response(connection, UInt32(clamping: response.status), mhdResponse)
}

private func connectionValues(_ connection: OpaquePointer, kind: MHD_ValueKind) -> HTTPHeaders {
    var fields: [(name: String, value: String)] = []
    withUnsafeMutablePointer(to: &fields) { pointer in
        _ = MHD_get_connection_values(connection, kind, mhdCollectValue, pointer)
    }
    return HTTPHeaders(fields)
}

private func mhdCollectValue(
    cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let key else { return MHD_Result.YES }
    let fields = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
    fields.pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return MHD_Result.YES
}
