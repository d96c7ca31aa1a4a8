/// Appends JSON text to a byte buffer; the caller drives structure, the writer handles commas and escaping.
///
/// The writer does not check that calls nest properly (a key outside an object, an unclosed array):
/// responses are built by fixed code paths, and verifying them on every request would cost more than
/// the bugs it could catch in tests.
///
/// It is noncopyable because it owns its buffer: pass it `inout`, and read `bytes` at the end.
public struct JSONWriter: ~Copyable {
    // Internal so that the escaping and number files can append to it.
    @usableFromInline var out: OutputBytes
    /// Whether the next value or key follows a sibling and so needs a comma first.
    @usableFromInline var needsComma = false
    /// The last value written with `repeatable` under each of its two slots: its values' bits, and where its
    /// bytes are (an empty range when there is none).
    @usableFromInline var repeatBits = (SIMD4<UInt64>.zero, SIMD4<UInt64>.zero)
    @usableFromInline var repeatRange = (0..<0, 0..<0)
    /// `SmallDecimals.shared.table`, read once here rather than through the shared value's once-check per number.
    @usableFromInline let decimals: UnsafePointer<UInt64>

    /// Creates an empty writer; reserving the usual response size up front avoids regrowing the buffer.
    public init(reservingCapacity: Int = 1024) {
        out = OutputBytes(capacity: reservingCapacity)
        decimals = SmallDecimals.shared.table
    }

    /// The JSON text written so far, as UTF-8 (a copy).
    public var bytes: [UInt8] { out.array }

    /// Ends the writer and hands over its buffer without copying: `count` bytes of UTF-8 at `buffer`, which the
    /// caller must free with `SpareBlock.release` (libmicrohttpd does, for a response body).
    public consuming func takeBuffer() -> (buffer: UnsafeMutableRawPointer, count: Int) {
        out.takeBuffer()
    }

    /// Separates a new value (or key) from the previous sibling.
    @inlinable @inline(__always)
    mutating func beginValue() {
        if needsComma { out.append(ASCII.comma) }
        needsComma = true
    }

    /// Writes `{`; follow with `key` and value pairs, then `endObject`.
    @inlinable
    public mutating func beginObject() {
        beginValue()
        out.append(ASCII.openBrace)
        needsComma = false
    }

    /// Writes `}`.
    @inlinable
    public mutating func endObject() {
        out.append(ASCII.closeBrace)
        needsComma = true
    }

    /// Writes `[`; follow with values, then `endArray`.
    public mutating func beginArray() {
        beginValue()
        out.append(ASCII.openBracket)
        needsComma = false
    }

    /// Writes `]`.
    public mutating func endArray() {
        out.append(ASCII.closeBracket)
        needsComma = true
    }

    /// Writes a member name and its colon; call inside an object, before each value.
    public mutating func key(_ k: String) {
        beginValue()
        appendQuoted(k)
        out.append(ASCII.colon)
        needsComma = false
    }

    /// Writes a member name fixed in the source, skipping the escaping scan: such names are plain ASCII,
    /// which debug builds check. Responses write dozens of names, so this is worth its own entry point.
    @inlinable @inline(__always)
    public mutating func key(static name: StaticString) {
        let text = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        assert(text.allSatisfy { $0 >= ASCII.space && $0 != ASCII.quote && $0 != ASCII.backslash && $0 < 0x80 })
        beginValue()
        out.reserve(text.count + 3)
        out.appendReserved(ASCII.quote)
        out.appendReserved(text)
        out.appendReserved(ASCII.quote)
        out.appendReserved(ASCII.colon)
        needsComma = false
    }

    /// Writes a string value, escaped.
    public mutating func string(_ s: String) {
        beginValue()
        appendQuoted(s)
    }

    /// Writes a number; NaN and infinities have no JSON form and become `null`.
    @inlinable @inline(__always)
    public mutating func number(_ d: Double) {
        beginValue()
        appendNumber(d)
    }

    /// Writes an integer exactly, whatever its size (readers that hold numbers as doubles, this
    /// parser included, round integers beyond 2^53).
    public mutating func int(_ i: Int) {
        beginValue()
        appendInteger(i)
    }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func bool(_ b: Bool) {
        beginValue()
        appendLiteral(b ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        beginValue()
        appendLiteral("null")
    }

    /// Writes a whole value, members in their stored order.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.key)
                value(member.value)
            }
            endObject()
        }
    }

    /// Starts a value written in pieces (`piece`, `pieceKey`, `pieceNumber`): the separating comma when a sibling
    /// precedes. Fixed shapes such as `{"x":1,"y":2}` are written this way with one copy per run of punctuation
    /// and names, where `key` and `beginObject` pay a call, a separator check and a copy each; the caller vouches
    /// that the pieces form one JSON value.
    @inlinable @inline(__always)
    public mutating func beginPieces() {
        beginValue()
    }

    /// Appends pre-encoded text inside a value written in pieces.
    @inlinable @inline(__always)
    public mutating func piece(_ text: StaticString) {
        out.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends pre-encoded text that ends with a member name and its colon (`,"left":`), so that the value
    /// written next, in pieces or not, takes no comma.
    @inlinable @inline(__always)
    public mutating func pieceKey(_ text: StaticString) {
        out.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        needsComma = false
    }

    /// Writes, in pieces, a value that its shape (`slot`, 0 or 1) and `values` determine entirely; when the last
    /// value written in that slot had the same values bit for bit (so -0 is not 0), its bytes are copied instead.
    /// A response repeats its insets and offsets: content and indicator insets are usually equal, and an
    /// animation's ends share values with the result. The caller separates the value (`beginPieces`) first.
    @inlinable
    public mutating func repeatable(slot: Int, _ values: SIMD4<Double>, _ write: (inout JSONWriter) -> Void) {
        let bits = SIMD4<UInt64>(
            values.x.bitPattern, values.y.bitPattern, values.z.bitPattern, values.w.bitPattern)
        let (lastBits, lastRange) = slot == 0 ? (repeatBits.0, repeatRange.0) : (repeatBits.1, repeatRange.1)
        if !lastRange.isEmpty && bits == lastBits {
            out.appendCopy(lastRange)
            return
        }
        let start = out.count
        write(&self)
        if slot == 0 {
            repeatBits.0 = bits
            repeatRange.0 = start..<out.count
        } else {
            repeatBits.1 = bits
            repeatRange.1 = start..<out.count
        }
    }

    /// Writes, in pieces, text fixed in the source and four numbers between them (`{"x":1,"y":2,"width":3,...}`)
    /// with the room for all of it reserved once: the usual geometry objects, a response's most frequent values,
    /// paid a capacity check for every piece and digit. The caller separates the value (`beginPieces`) first.
    @inlinable @inline(__always)
    public mutating func pieces(
        _ p0: StaticString, _ n0: Double, _ p1: StaticString, _ n1: Double, _ p2: StaticString, _ n2: Double,
        _ p3: StaticString, _ n3: Double, _ p4: StaticString
    ) {
        out.reserve(
            p0.utf8CodeUnitCount &+ p1.utf8CodeUnitCount &+ p2.utf8CodeUnitCount &+ p3.utf8CodeUnitCount
                &+ p4.utf8CodeUnitCount &+ 4 &* Self.maxNumberLength)
        out.appendReserved(p0)
        appendNumberReserved(n0)
        out.appendReserved(p1)
        appendNumberReserved(n1)
        out.appendReserved(p2)
        appendNumberReserved(n2)
        out.appendReserved(p3)
        appendNumberReserved(n3)
        out.appendReserved(p4)
    }

    /// `pieces` with two numbers (`{"x":1,"y":2}`).
    @inlinable @inline(__always)
    public mutating func pieces(
        _ p0: StaticString, _ n0: Double, _ p1: StaticString, _ n1: Double, _ p2: StaticString
    ) {
        out.reserve(
            p0.utf8CodeUnitCount &+ p1.utf8CodeUnitCount &+ p2.utf8CodeUnitCount &+ 2 &* Self.maxNumberLength)
        out.appendReserved(p0)
        appendNumberReserved(n0)
        out.appendReserved(p1)
        appendNumberReserved(n1)
        out.appendReserved(p2)
    }

    /// Appends a number, as `number` writes it, inside a value written in pieces.
    @inlinable @inline(__always)
    public mutating func pieceNumber(_ d: Double) {
        appendNumber(d)
    }

    /// Inserts a pre-encoded JSON value (a cached fragment) as is; the caller vouches that it is valid JSON.
    public mutating func raw(_ utf8Bytes: [UInt8]) {
        beginValue()
        out.append(utf8Bytes)
    }

    /// Inserts a pre-encoded JSON value from a buffer (a slice of an earlier text); the caller vouches for it.
    public mutating func raw(_ utf8Bytes: UnsafeBufferPointer<UInt8>) {
        beginValue()
        out.append(utf8Bytes)
    }

    /// Bytes written so far: where the next value's text begins, once its key is written.
    public var count: Int { out.count }

    /// Inserts pre-encoded members (`"a":1,"b":2`, no braces) into the open object; the caller vouches for them.
    public mutating func rawMembers(_ utf8Bytes: [UInt8]) {
        utf8Bytes.withUnsafeBufferPointer { rawMembers($0) }
    }

    /// `rawMembers` from a buffer.
    @inlinable
    public mutating func rawMembers(_ utf8Bytes: UnsafeBufferPointer<UInt8>) {
        beginValue()
        out.append(utf8Bytes)
    }

    /// Inserts a pre-encoded JSON value given as a string; the caller vouches that it is valid JSON.
    public mutating func rawString(_ json: String) {
        beginValue()
        out.append(json)
    }

    @inlinable
    mutating func appendLiteral(_ literal: StaticString) {
        out.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension JSONValue {
    /// The value as compact JSON text (no whitespace), in UTF-8: the fuzz target's and the tests' round trip.
    package func serialized() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.value(self)
        return writer.bytes
    }
}
