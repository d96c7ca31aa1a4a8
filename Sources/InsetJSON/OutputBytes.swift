#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The writer's growable byte buffer. An append is a capacity check and a store: an `Array` append also
/// checks that its storage is unique, every time, and a response makes a few hundred appends.
///
/// The memory comes from `SpareBlock`, so that a finished buffer can go to C code that frees it with
/// `SpareBlock.release` (`takeBuffer`), and the thread's next buffer reuses it.
/// The appends are inlinable: the service writes its responses from another module, a few dozen pieces each,
/// and a call per piece costs more than the copy.
@usableFromInline
struct OutputBytes: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    @usableFromInline
    init(capacity: Int) {
        (base, self.capacity) = SpareBlock.bytes(atLeast: max(16, capacity))
    }

    @usableFromInline
    deinit {
        SpareBlock.release(base)
    }

    /// The buffer and the number of bytes written; the caller owns it now and must free it with
    /// `SpareBlock.release`.
    @usableFromInline
    consuming func takeBuffer() -> (buffer: UnsafeMutableRawPointer, count: Int) {
        let taken = (UnsafeMutableRawPointer(base), count)
        discard self
        return taken
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        // Wrapping adds: count and extra are bounded by memory, far below Int.max, and trap checks would be a
        // branch on every append.
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        let (newBase, newCapacity) = SpareBlock.bytes(atLeast: max(needed, capacity * 2))
        newBase.update(from: base, count: count)
        SpareBlock.release(base)
        base = newBase
        capacity = newCapacity
    }

    /// Appends a copy of bytes already written, at `range`.
    @inlinable
    mutating func appendCopy(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range of the bytes written")
        reserve(range.count)
        // The source ends before `count`, where the copy starts: the two never overlap.
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends a byte the caller has reserved room for.
    @inlinable @inline(__always)
    mutating func appendReserved(_ byte: UInt8) {
        assert(count < capacity, "room reserved")
        base[count] = byte
        count &+= 1
    }

    /// Appends the text packed in `packed` (`SmallDecimals`) into room the caller has reserved, four bytes at
    /// least: all four are stored, and the count advances by the text alone.
    @inlinable @inline(__always)
    mutating func appendPackedReserved(_ packed: UInt64) {
        assert(count &+ 4 <= capacity, "room reserved")
        UnsafeMutableRawPointer(base + count).storeBytes(
            of: UInt32(truncatingIfNeeded: packed).littleEndian, as: UInt32.self)
        count &+= Int(truncatingIfNeeded: packed &>> 56)
    }

    /// Appends the decimal digits of `value`, most significant first.
    @usableFromInline
    mutating func appendDecimal(_ value: UInt) {
        var digits = 1
        var limit: UInt = 10
        // 20 digits hold UInt64.max; the multiplication would overflow only past that.
        while digits < 20, value >= limit {
            digits += 1
            limit &*= 10
        }
        reserve(digits)
        // Last digit first, by division by the constant 10, which compiles to a multiplication.
        var rest = value
        var position = count + digits
        repeat {
            position -= 1
            base[position] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        count += digits
    }

    /// Appends bytes the caller has reserved room for.
    @inlinable @inline(__always)
    mutating func appendReserved(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        assert(count &+ buffer.count <= capacity, "room reserved")
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: buffer.count)
        count &+= buffer.count
    }

    /// Appends text fixed in the source into room the caller has reserved.
    @inlinable @inline(__always)
    mutating func appendReserved(_ text: StaticString) {
        assert(count &+ text.utf8CodeUnitCount <= capacity, "room reserved")
        // A raw copy: `update(from:count:)` first compares the two addresses, a branch on every piece.
        UnsafeMutableRawPointer(base + count).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
        count &+= text.utf8CodeUnitCount
    }

    @inlinable @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (base + count).update(from: source, count: buffer.count)
        count &+= buffer.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The bytes written, copied into an array.
    var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}

/// One freed answer buffer kept per thread, which the thread's next answer takes instead of a fresh `malloc`:
/// the transport hands an answer's buffer to libmicrohttpd with `release` as its deallocator, and libmicrohttpd
/// calls it on the worker thread that answers the connection's next request.
///
/// A block is `malloc`ed with a header of `headerSize` bytes before the bytes handed out, holding their capacity,
/// so that `release`, given only the bytes' address, knows the block's size.
public enum SpareBlock {
    /// The header before a block's bytes: their capacity, an `Int`, padded to keep the bytes 16-byte aligned.
    static let headerSize = 16

    /// The thread's spare block (its start, header included), or nil; freed when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, { free($0) }) == 0 else { fatalError("no thread-specific key left") }
        return key
    }()

    /// The bytes of a block that holds at least `capacity`, and their capacity: the thread's spare when it is
    /// large enough, else a fresh block. The caller gives it back with `release`.
    static func bytes(atLeast capacity: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
        if let spare = pthread_getspecific(key) {
            let size = spare.load(as: Int.self)
            if size >= capacity {
                pthread_setspecific(key, nil)
                return ((spare + headerSize).assumingMemoryBound(to: UInt8.self), size)
            }
        }
        guard let block = malloc(headerSize &+ capacity) else {
            fatalError("out of memory allocating \(capacity) bytes")
        }
        block.storeBytes(of: capacity, as: Int.self)
        return ((block + headerSize).assumingMemoryBound(to: UInt8.self), capacity)
    }

    /// Gives back the bytes of a block from `bytes(atLeast:)`: kept as the thread's spare when that is smaller or
    /// absent, freed otherwise.
    public static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { bytes in
        guard let bytes else { return }
        let block = bytes - headerSize
        guard let spare = pthread_getspecific(key) else {
            pthread_setspecific(key, block)
            return
        }
        if spare.load(as: Int.self) < block.load(as: Int.self) {
            pthread_setspecific(key, block)
            free(spare)
        } else {
            free(block)
        }
    }
}
