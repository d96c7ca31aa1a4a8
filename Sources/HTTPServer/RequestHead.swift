import CMicroHTTPD
import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request's header fields and query arguments, read from libmicrohttpd in one walk into the request being
/// gathered, with the facts the RFC 9112 framing checks need gathered on the way (in C, `inset_read_head`, which
/// calls back only for the fields kept and the query), so that no header is looked at twice.
struct RequestHead {
    /// The request the fields and arguments are appended to, in arrival order; a query key without `=` gets an
    /// empty value.
    private let request: UnsafeMutablePointer<HTTPRequest>
    /// What the walk gathered for the framing checks.
    private var facts = inset_head()

    /// Reads the values of `connection`'s request into `request`, whose header fields and query are empty; of the
    /// header fields, only those `kept` names (all when nil).
    init(_ connection: OpaquePointer, into request: UnsafeMutablePointer<HTTPRequest>, keeping kept: HeaderNames?) {
        self.request = request
        // No room reserved: the fields past the first three are rare once only those the responder reads are kept,
        // and their storage, once grown, serves the connection's next requests.
        withUnsafeMutablePointer(to: &self) { head in
            withUnsafeMutablePointer(to: &head.pointee.facts) { facts in
                if let kept {
                    withUnsafePointer(to: kept.names) { names in
                        _ = inset_read_head(connection, names, facts, visitRequestValue, head)
                    }
                } else {
                    _ = inset_read_head(connection, nil, facts, visitRequestValue, head)
                }
            }
        }
    }

    /// The `Content-Length` value without optional whitespace: the first one, when several agree. Its bytes are
    /// libmicrohttpd's, which live until the request completes.
    var contentLength: UnsafeBufferPointer<UInt8>? {
        facts.content_length.map {
            UnsafeBufferPointer(
                start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: facts.content_length_size)
        }
    }

    /// The body length `Content-Length` declares, when it is a plain decimal number.
    var declaredLength: Int? { contentLength.flatMap(decimal) }

    /// Framing that must be refused rather than guessed at: request smuggling starts with these.
    var framingError: String? {
        if facts.blank_in_name != 0 { return "a header name that contains whitespace" }
        if facts.lengths_disagree != 0 { return "Content-Length headers that disagree" }
        if facts.hosts > 1 { return "more than one Host header" }
        if facts.transfer_encodings > 0 {
            if facts.content_length != nil { return "both Content-Length and Transfer-Encoding" }
            // libmicrohttpd reads a body as chunked only when the first Transfer-Encoding is `chunked` exactly (in
            // any case; it strips only leading whitespace). Anything else it reads as a body that never ends, so
            // the client got no answer and requests behind it were taken for body: `chunked ` (RFC 9110 allows
            // the trailing space), `chunked,`, an empty value. One exact `chunked` is all that is accepted.
            if facts.transfer_encodings > 1 || facts.chunked_exactly == 0 {
                return "a Transfer-Encoding other than one 'chunked'"
            }
        }
        return nil
    }

    fileprivate func addHeader(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        request.pointee.headers.add(
            name: commonName(name) ?? String(decoding: name, as: UTF8.self),
            value: commonValue(value) ?? String(decoding: value, as: UTF8.self))
    }

    fileprivate func addQuery(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) {
        request.pointee.query.append(
            (String(decoding: name, as: UTF8.self), value.map { String(decoding: $0, as: UTF8.self) } ?? ""))
    }
}

private func visitRequestValue(
    context: UnsafeMutableRawPointer?, isHeader: Int32, key: UnsafePointer<CChar>?, keyLength: Int,
    value: UnsafePointer<CChar>?, valueLength: Int
) {
    guard let context, let key else { return }
    let head = context.assumingMemoryBound(to: RequestHead.self)
    let name = UnsafeRawPointer(key).assumingMemoryBound(to: UInt8.self)
    let nameBytes = UnsafeBufferPointer(start: name, count: keyLength)
    let valueBytes = value.map {
        UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: valueLength)
    }
    if isHeader != 0 {
        head.pointee.addHeader(name: nameBytes, value: valueBytes ?? UnsafeBufferPointer(start: nil, count: 0))
    } else {
        head.pointee.addQuery(name: nameBytes, value: valueBytes)
    }
}

/// The names nearly every request carries, as string literals, which need neither validation nor, for the
/// longer ones, an allocation. A name keeps the case it arrived in, so only an exact match is replaced.
/// Candidates are picked by length, so a name is compared with at most three of them.
private func commonName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    switch bytes.count {
    case 4: return literal(bytes, "Host") ?? literal(bytes, "host")
    case 6: return literal(bytes, "Accept") ?? literal(bytes, "Origin")
    case 10: return literal(bytes, "User-Agent") ?? literal(bytes, "Connection")
    case 12: return literal(bytes, "Content-Type") ?? literal(bytes, "X-Request-Id") ?? literal(bytes, "content-type")
    case 13: return literal(bytes, "Authorization") ?? literal(bytes, "If-None-Match")
    case 14: return literal(bytes, "Content-Length") ?? literal(bytes, "content-length")
    case 15: return literal(bytes, "Accept-Encoding")
    default: return nil
    }
}

/// Header values common enough to be worth the comparison: one saved allocation each time.
private func commonValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    switch bytes.count {
    case 3: return literal(bytes, "*/*")
    case 10: return literal(bytes, "keep-alive")
    case 16: return literal(bytes, "application/json")
    default: return nil
    }
}

/// `text`, a literal, when `bytes` spell it exactly: the literal is returned, not a copy of the bytes.
@inline(__always)
private func literal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> String? {
    guard let start = bytes.baseAddress, bytes.count == text.utf8.count else { return nil }
    let equal = text.utf8.withContiguousStorageIfAvailable { stored in
        stored.baseAddress.map { memcmp($0, start, bytes.count) == 0 }
    }
    return equal == true ? text : nil
}

/// The value of a run of decimal digits, `Int.max` when it is larger (a 19- or 20-digit length, which
/// libmicrohttpd takes, is then refused at once as too large instead of awaited); nil for anything that is not
/// digits only (libmicrohttpd refuses those itself).
private func decimal(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        let (tens, overflowTens) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowSum) = tens.addingReportingOverflow(Int(byte - 0x30))
        value = overflowTens || overflowSum ? Int.max : sum
    }
    return value
}

/// Header names looked up without regard to case, as `inset_read_head` takes them.
///
/// Unchecked Sendable: the bytes are written once, in `init`, and only read afterwards.
final class HeaderNames: @unchecked Sendable {
    /// The names, ASCII lowercased, in `bytes` and `lengths`, which this owns.
    let names: inset_header_names

    init(_ names: [String]) {
        let lowercase = names.map { name in name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, lowercase.reduce(0) { $0 + $1.count }))
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: max(1, lowercase.count))
        var offset = 0
        for (index, name) in lowercase.enumerated() {
            (bytes + offset).initialize(from: name, count: name.count)
            lengths[index] = name.count
            offset += name.count
        }
        let mask = lowercase.reduce(UInt64(0)) { $0 | 1 << UInt64(min($1.count, 63)) }
        self.names = inset_header_names(bytes: bytes, lengths: lengths, count: lowercase.count, length_mask: mask)
    }

    deinit {
        UnsafeMutablePointer(mutating: names.bytes).deallocate()
        UnsafeMutablePointer(mutating: names.lengths).deallocate()
    }
}
