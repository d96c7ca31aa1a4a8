import CMicroHTTPD
import CMicroHTTPDShim

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
    /// The fields as last queued, each with libmicrohttpd's copy of its value; never more than three (`HTTPHeaders`
    /// holds three inline).
    private var slots: (Slot?, Slot?, Slot?)

    /// A field as last queued, and where libmicrohttpd keeps its value.
    private struct Slot {
        let name: String
        /// The value libmicrohttpd's copy holds now.
        var value: String
        /// libmicrohttpd's copy of the value: `length` bytes, never moved while the response lives.
        let target: UnsafeMutablePointer<CChar>
        let length: Int
    }

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
        var slots: [Slot] = []
        headers.forEachField { field in
            let target = values[slots.count]
            slots.append(Slot(name: field.name, value: field.value, target: target, length: strlen(target)))
        }
        self.slots = (slots.first, slots.count > 1 ? slots[1] : nil, slots.count > 2 ? slots[2] : nil)
    }

    /// Whether this response, its changed values written over, answers as `status`, `constant` and `headers` would;
    /// when false, some values may have been written and the response must not be queued again.
    mutating func refresh(status: Int, constant: ConstantBody, headers new: HTTPHeaders) -> Bool {
        status == self.status && constant.base == body && constant.count == count && new.rest.isEmpty
            && Self.take(new.first, into: &slots.0) && Self.take(new.second, into: &slots.1)
            && Self.take(new.third, into: &slots.2)
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

    /// Whether `new` may take the place of the field in `slot`, and if so writes its value over libmicrohttpd's
    /// copy: the same name, and a value that is the same or of the same length, with none of the bytes (NUL, CR,
    /// LF) at which `MHD_add_response_header` would have cut it or that it would have refused. Only the value is
    /// kept: the name never changes, and copying the whole field would retain and release both strings.
    @inline(__always)
    private static func take(_ new: HTTPField?, into slot: inout Slot?) -> Bool {
        guard case .some(let field) = new else { return slot == nil }
        guard let name = slot?.name, let target = slot?.target, let length = slot?.length, field.name == name else {
            return false
        }
        if field.value == slot?.value { return true }
        var value = field.value
        let written = value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                inset_overwrite_value(target, length, text.baseAddress, text.count) != 0
            }
        }
        if written { slot?.value = value }
        return written
    }
}
