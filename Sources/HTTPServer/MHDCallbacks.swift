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
            path: url.map { String(cString: $0) } ?? "/",
            headers: connectionValues(connection, kind: .HEADER_KIND))
        state.query = connectionValues(connection, kind: .GET_ARGUMENT_KIND).fields.map {
            (name: $0.name, value: Optional($0.value))
        }
        if let declared = state.headers["Content-Length"], let length = Int(declared), length > server.maxBodyBytes {
            state.bodyTooLarge = true
        }
        requestSlot.pointee = Unmanaged.passRetained(state).toOpaque()
        server.inFlight.add(1, ordering: .relaxed)
        // Refusing before the body arrives spares reading it; libmicrohttpd then closes the connection.
        if state.bodyTooLarge { return respond(state, server: server, connection: connection) }
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

private func respond(_ state: RequestState, server: ServerContext, connection: OpaquePointer) -> MHD_Result {
    state.responded = true
    let response = server.responder.respond(to: state.request())
    return queue(response, on: connection, closing: server.draining.load(ordering: .relaxed))
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
