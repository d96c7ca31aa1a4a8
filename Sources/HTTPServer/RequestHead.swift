import CMicroHTTPD
import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request's header fields and query arguments, read from libmicrohttpd in one walk into the request being
/// gathered, with the facts the RFC 9112 framing checks need gathered on the way, so that no header is looked at
/// twice.
struct RequestHead {
    /// The request the fields and arguments are appended to, in arrival order; a query key without `=` gets an
    /// empty value.
    private let request: UnsafeMutablePointer<HTTPRequest>
    /// The header fields put in the request; nil for every one.
    private let kept: HeaderNames?
    /// The `Content-Length` value without optional whitespace: the first one, when several agree. Its bytes are
    /// libmicrohttpd's, which live until the request completes.
    private(set) var contentLength: Slice<UnsafeBufferPointer<UInt8>>?
    /// The body length `Content-Length` declares, when it is a plain decimal number.
    private(set) var declaredLength: Int?
    private var hosts = 0
    private var lengthsDisagree = false
    private var blankInName = false
    /// `Transfer-Encoding` headers seen, and whether every one said exactly `chunked`.
    private var transferEncodings = 0
    private var chunkedExactly = true

    /// Reads the values of `connection`'s request into `request`, whose header fields and query are empty; of the
    /// header fields, only those `kept` names (all when nil).
    init(_ connection: OpaquePointer, into request: UnsafeMutablePointer<HTTPRequest>, keeping kept: HeaderNames?) {
        self.request = request
        self.kept = kept
        // No room reserved: the fields past the first three are rare once only those the responder reads are kept,
        // and their storage, once grown, serves the connection's next requests.
        withUnsafeMutablePointer(to: &self) { head in
            _ = inset_connection_values(connection, visitRequestValue, head)
        }
    }

    /// Framing that must be refused rather than guessed at: request smuggling starts with these.
    var framingError: String? {
        if blankInName { return "a header name that contains whitespace" }
        if lengthsDisagree { return "Content-Length headers that disagree" }
        if hosts > 1 { return "more than one Host header" }
        if transferEncodings > 0 {
            if contentLength != nil { return "both Content-Length and Transfer-Encoding" }
            // libmicrohttpd reads a body as chunked only when the first Transfer-Encoding is `chunked` exactly (in
            // any case; it strips only leading whitespace). Anything else it reads as a body that never ends, so
            // the client got no answer and requests behind it were taken for body: `chunked ` (RFC 9110 allows
            // the trailing space), `chunked,`, an empty value. One exact `chunked` is all that is accepted.
            if transferEncodings > 1 || !chunkedExactly { return "a Transfer-Encoding other than one 'chunked'" }
        }
        return nil
    }

    fileprivate mutating func addHeader(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        if hasBlank(name) { blankInName = true }
        // Only three names matter to framing; their lengths tell them apart before any byte is compared.
        switch name.count {
        case 4 where name.equalsLowercase("host"):
            hosts += 1
        case 14 where name.equalsLowercase("content-length"):
            let trimmed = value.trimmingBlanks()
            if let contentLength {
                if !contentLength.elementsEqual(trimmed) { lengthsDisagree = true }
            } else {
                contentLength = trimmed
                declaredLength = decimal(trimmed)
            }
        case 17 where name.equalsLowercase("transfer-encoding"):
            transferEncodings += 1
            chunkedExactly = chunkedExactly && value.equalsLowercase("chunked")
        default:
            break
        }
        if let kept, !kept.contains(name) { return }
        request.pointee.headers.add(
            name: commonName(name) ?? String(decoding: name, as: UTF8.self),
            value: commonValue(value) ?? String(decoding: value, as: UTF8.self))
    }

    fileprivate mutating func addQuery(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) {
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
private func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
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

extension UnsafeBufferPointer<UInt8> {
    /// ASCII case-insensitive equality with `lowercase`, which must be lowercase ASCII.
    fileprivate func equalsLowercase(_ lowercase: StaticString) -> Bool {
        guard count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<count {
            let byte = self[index]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            if folded != expected[index] { return false }
        }
        return true
    }
}

/// Whether `name` holds a space or a tab; a plain loop over the bytes, inlined where the headers are read.
@inline(__always)
private func hasBlank(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = name.baseAddress else { return false }
    var index = 0
    while index < name.count {
        let byte = start[index]
        if byte == 0x20 || byte == 0x09 { return true }
        index &+= 1
    }
    return false
}

/// Header names looked up without regard to case, by their lengths first.
struct HeaderNames: Sendable {
    /// The names' bytes, ASCII lowercased.
    private let names: [[UInt8]]

    init(_ names: [String]) {
        self.names = names.map { name in name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } }
    }

    /// Whether `name` is one of the names, in any case.
    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        names.withUnsafeBufferPointer { list in
            for index in list.indices where list[index].count == name.count {
                let equal = list[index].withUnsafeBufferPointer { lowercase in
                    for position in 0..<name.count {
                        let byte = name[position]
                        let folded = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                        if folded != lowercase[position] { return false }
                    }
                    return true
                }
                if equal { return true }
            }
            return false
        }
    }
}
