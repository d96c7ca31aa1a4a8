import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A constant answer's libmicrohttpd response, kept by its connection and queued again for the connection's next
/// answer with the same status, body and field names: a field value that changed keeps its length (a fresh
/// request id) and is written over libmicrohttpd's own copy of it, which `MHD_add_response_header` made.
///
/// Sound because the response is its connection's alone, and libmicrohttpd reads its fields only while it writes
/// the response's head, which is done before the connection's next request is read. Making the response,
/// copying each field into it and freeing them all again cost more than the rest of such a request's path.
struct ReusableResponse {
    /// The response; this holds one reference to it, dropped by `destroy()`.
    let response: OpaquePointer
    let status: Int
    let body: UnsafeRawPointer?
    let count: Int
    /// The fields as last queued; never more than three (`HTTPHeaders` holds three inline).
    private var headers: HTTPHeaders
    /// libmicrohttpd's copies of the values of `headers`' first, second and third fields.
    private let values: (UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?)

    /// Keeps `response`, made with `headers` (each added) for `status` and `constant`; nil when its fields cannot
    /// be found again by name (more than three, or a name given twice) or libmicrohttpd's copy of a value is not
    /// the value, when the caller keeps ownership.
    init?(_ response: OpaquePointer, status: Int, constant: ConstantBody, headers: HTTPHeaders) {
        guard headers.rest.isEmpty else { return nil }
        var values: [UnsafeMutablePointer<CChar>] = []
        var names: [String] = []
        var found = true
        headers.forEachField { field in
            guard found, !names.contains(where: { $0.caseInsensitiveEquals(field.name) }),
                let value = MHD_get_response_header(response, field.name), Self.holds(value, exactly: field.value)
            else {
                found = false
                return
            }
            names.append(field.name)
            values.append(UnsafeMutablePointer(mutating: value))
        }
        guard found else { return nil }
        self.response = response
        self.status = status
        self.body = constant.base
        self.count = constant.count
        self.headers = headers
        self.values = (values.first, values.count > 1 ? values[1] : nil, values.count > 2 ? values[2] : nil)
    }

    /// Whether this response, its changed values written over, answers as `status`, `constant` and `headers` would;
    /// when false, some values may have been written and the response must not be queued again.
    mutating func refresh(status: Int, constant: ConstantBody, headers new: HTTPHeaders) -> Bool {
        status == self.status && constant.base == body && constant.count == count && new.rest.isEmpty
            && Self.take(new.first, over: &headers.first, at: values.0)
            && Self.take(new.second, over: &headers.second, at: values.1)
            && Self.take(new.third, over: &headers.third, at: values.2)
    }

    /// Whether libmicrohttpd's copy of a value is the value, byte for byte: it cuts a value at a NUL and rewrites
    /// `Connection`, and a shorter copy must never be written over with the value's length.
    private static func holds(_ stored: UnsafePointer<CChar>, exactly value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            guard strlen(stored) == bytes.count else { return false }
            guard let start = bytes.baseAddress else { return true }
            return memcmp(stored, start, bytes.count) == 0
        }
    }

    /// Drops this response's reference; libmicrohttpd frees it once no connection holds it either.
    func destroy() {
        MHD_destroy_response(response)
    }

    /// Whether `new` may take `old`'s place, and if so writes its value over libmicrohttpd's copy of `old`'s at
    /// `target`: the same name, and a value that is the same or of the same length, with none of the bytes (NUL, CR,
    /// LF) at which `MHD_add_response_header` would have cut it or that it would have refused.
    private static func take(
        _ new: HTTPField?, over old: inout HTTPField?, at target: UnsafeMutablePointer<CChar>?
    ) -> Bool {
        guard case .some(let field) = new else { return old == nil }
        guard case .some(let kept) = old, field.name == kept.name else { return false }
        if field.value == kept.value { return true }
        guard field.value.utf8.count == kept.value.utf8.count else { return false }
        var value = field.value
        let written = value.withUTF8 { bytes in
            guard let start = bytes.baseAddress, let target else { return false }
            for byte in bytes where byte == 0 || byte == 0x0D || byte == 0x0A { return false }
            memcpy(target, start, bytes.count)
            return true
        }
        if written { old = field }
        return written
    }
}
