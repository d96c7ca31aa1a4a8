/// Room reserved once in a writer's buffer (`JSONWriter.room(text:numbers:)`) and written through a cursor the
/// caller keeps in a local, so in registers: appended through the writer, every piece stored the buffer's count
/// back and reloaded its base, since a byte stored through a pointer might have changed either.
/// `JSONWriter.close(_:afterKey:)` hands the position back; nothing else may write to the writer in between.
///
/// The caller vouches, as for `reserve(text:numbers:)`, that what it writes fits: at most `text` bytes of text
/// (copies of earlier text included) and `numbers` numbers. Debug builds check every append against the room's end.
public struct ReservedRoom {
    /// The buffer's start, so that earlier text is found by its offset (`offset`, `repeatText(_:)`).
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    /// Where the next byte goes.
    @usableFromInline var at: UnsafeMutablePointer<UInt8>
    /// `SmallDecimals.shared.table`, as the writer holds it.
    @usableFromInline let decimals: UnsafePointer<UInt64>
    #if DEBUG
        /// Where the room ends, which every append checks.
        @usableFromInline let end: UnsafeMutablePointer<UInt8>
    #endif

    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<UInt8>, count: Int, room: Int, decimals: UnsafePointer<UInt64>) {
        self.base = base
        at = base + count
        self.decimals = decimals
        #if DEBUG
            end = base + count + room
        #endif
    }

    /// Checks, in debug builds, that `bytes` more fit the room.
    @inlinable @inline(__always)
    func check(_ bytes: Int) {
        #if DEBUG
            assert(at + bytes <= end, "more written than reserved")
        #endif
    }

    /// The offset in the writer's text of the next byte: where a value about to be written begins.
    @inlinable @inline(__always)
    public var offset: Int { at - base }

    /// Appends text fixed in the source.
    @inlinable @inline(__always)
    public mutating func text(_ text: StaticString) {
        check(text.utf8CodeUnitCount)
        // A raw copy of a constant length, which the compiler turns into a few stores.
        UnsafeMutableRawPointer(at).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
        at += text.utf8CodeUnitCount
    }

    /// Appends bytes (a cached fragment; the caller vouches that it fits the JSON around it).
    @inlinable @inline(__always)
    public mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        check(bytes.count)
        UnsafeMutableRawPointer(at).copyMemory(from: source, byteCount: bytes.count)
        at += bytes.count
    }

    /// Appends again the text written earlier at `range` (offsets in the writer's text): a value written before,
    /// which the caller knows to be the same value. The caller counts its length as text.
    @inlinable @inline(__always)
    public mutating func repeatText(_ range: Range<Int>) {
        assert(range.lowerBound >= 0 && range.upperBound <= offset, "text written before")
        check(range.count)
        // The source ends at or before `at`, where the copy starts: the two never overlap.
        UnsafeMutableRawPointer(at).copyMemory(from: base + range.lowerBound, byteCount: range.count)
        at += range.count
    }

    /// Appends `true` or `false`.
    @inlinable @inline(__always)
    public mutating func bool(_ b: Bool) {
        b ? text("true") : text("false")
    }

    /// Appends a number as `JSONWriter.number` writes it: whole numbers in `-999...999` here, with a table load and
    /// one store (`JSONWriter.smallWhole`), anything else out of line.
    @inlinable @inline(__always)
    public mutating func number(_ d: Double) {
        check(JSONWriter.maxNumberLength)
        if let whole = JSONWriter.smallWhole(d) {
            let packed = decimals[whole]
            UnsafeMutableRawPointer(at).storeBytes(
                of: UInt32(truncatingIfNeeded: packed).littleEndian, as: UInt32.self)
            at += Int(truncatingIfNeeded: packed &>> 56)
        } else {
            at = JSONWriter.writeOtherNumber(d, at: at, decimals: decimals)
        }
    }
}

extension JSONWriter {
    /// Reserves room for `text` bytes of text and `numbers` numbers of any length, to be written through the
    /// returned cursor and handed back with `close`.
    @inlinable @inline(__always)
    public mutating func room(text: Int, numbers: Int) -> ReservedRoom {
        let room = text &+ numbers &* Self.maxNumberLength
        out.reserve(room)
        return ReservedRoom(base: out.base, count: out.count, room: room, decimals: decimals)
    }

    /// Takes back the position of a room written: `afterKey` when its text ended with a member name and its colon
    /// (the next value takes no comma), else it ended a value (the next sibling takes one).
    @inlinable @inline(__always)
    public mutating func close(_ room: ReservedRoom, afterKey: Bool) {
        assert(room.base == out.base, "a room of this writer")
        out.count = room.at - out.base
        needsComma = !afterKey
    }
}
