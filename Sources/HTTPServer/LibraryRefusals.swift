import CMicroHTTPD
import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#endif

/// Answers a request that libmicrohttpd refused by itself (the shim's `MHD_queue_response` calls this for each
/// of the library's own error answers) with the responder's refusal, written whole to the socket, so that the
/// client gets one answer in the service's words, with its request id, instead of an HTML page (sent with its
/// head twice for a bad `Content-Length` or a missing `Host`). The socket is then shut down both ways: the
/// library's own answer, which the shim queues next, is never sent, and the library closes the connection on its
/// own path once sending it fails, and never calls the access handler again: 0.9.75 calls it only while no
/// response is queued, and refuses a second error of its own before queueing it. Does nothing when the
/// connection has no state to answer from.
///
/// Runs on the connection's worker thread, in a state where libmicrohttpd has nothing of its own to send.
func mhdLibraryRefused(connection: OpaquePointer?, status: UInt32) {
    guard let connection, let announced = inset_connection_socket_context(connection) else { return }
    Unmanaged<ConnectionState>.fromOpaque(announced)._withUnsafeGuaranteedRef { state in
        guard let server = state.server, state.socket >= 0 else { return }
        // Its only 500 is a chunk-size line that outgrew the read buffer: what libmicrohttpd 1.0 answers 413.
        let refusal = HTTPRefusal.unreadable(status: status == 500 ? 413 : Int(status))
        // What is known of the request: its head, when the handler has seen it (a refusal inside the body).
        let headSeen = state.phase.load(ordering: .relaxed) & 1 == 1
        let request = headSeen ? state.request : HTTPRequest(method: "", path: "")
        let response = server.responder.refuse(refusal, to: request)
        let bytes = serialized(response, withBody: request.method != "HEAD")
        send(bytes, to: state.socket)
        shutdown(state.socket, Int32(SHUT_RDWR))
    }
}

/// The response as HTTP/1.1 bytes, asking the client to close: the head, then the body unless `withBody` is
/// false (a HEAD request), with the `Content-Length` of the body either way.
private func serialized(_ response: HTTPResponse, withBody: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
    var date = [CChar](repeating: 0, count: 64)
    if inset_http_date(&date, date.count) > 0 {
        head += "Date: \(String(decoding: date.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))\r\n"
    }
    head += "Connection: close\r\n"
    response.headers.forEachField { field in
        // As libmicrohttpd refuses them: a value with CR or LF would split the response.
        guard !field.value.utf8.contains(where: { $0 == 13 || $0 == 10 }) else { return }
        head += "\(field.name): \(field.value)\r\n"
    }
    head += "Content-Length: \(response.body.count)\r\n\r\n"
    return Array(head.utf8) + (withBody ? response.body : [])
}

/// Writes what the socket takes without waiting: an answer this short fits the empty send buffer.
private func send(_ bytes: [UInt8], to socket: Int32) {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.send(socket, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

private func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 431: "Request Header Fields Too Large"
    case 505: "HTTP Version Not Supported"
    default: "Error"
    }
}
