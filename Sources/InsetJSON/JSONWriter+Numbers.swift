extension JSONWriter {
    /// Writes a finite double in the shortest text that parses back to the same value.
    ///
    /// Integral values below 2^53 print as integers (`390`, not `390.0`), since every JSON reader reads
    /// those exactly; `-0` prints as `0` because some readers would otherwise produce an integer -0 or
    /// reject it. Everything else uses Swift's shortest round-trip `description`, whose forms (`0.1`,
    /// `1e-05`, `1e+21`, `5e-324`) are all valid JSON numbers once NaN and infinities are excluded.
    @inlinable @inline(__always)
    mutating func appendNumber(_ d: Double) {
        out.reserve(Self.smallNumberLength)
        appendNumberReserved(d)
    }

    /// The most bytes `appendNumberReserved` writes without reserving them itself: the four-byte store of
    /// `SmallDecimals` (a sign and three digits at most), and a byte to spare.
    @usableFromInline static let smallNumberLength = 5

    /// The longest text `appendNumber` writes for any double: `-2.2250738585072014e-308` (the shortest text of
    /// the smallest normal negative number) and its like are 24 bytes; `null` and whole numbers are shorter.
    public static let maxNumberLength = 24

    /// `appendNumber` into room the caller has reserved, `smallNumberLength` bytes at least: geometry is mostly
    /// small whole points, and whole numbers in `-999...999` are written there without the general digit loop or
    /// a check of the buffer's capacity; everything else goes the usual way, which reserves its own room.
    @inlinable @inline(__always)
    mutating func appendNumberReserved(_ d: Double) {
        if let whole = Self.smallWhole(d) {
            out.appendPackedReserved(decimals[whole])
        } else {
            appendOtherNumber(d)
        }
    }

    /// `d` if it is a whole number in `-999...999` (-0 as 0, which is written 0, as `appendNumber` writes it), else
    /// nil. Adding 1.5 * 2^52 rounds d to a whole number held in the low bits of the sum, exactly when d lies within
    /// 2^51 of 0; the sum's bits less those of 1.5 * 2^52, plus 999, are below 1999 only for such a sum of a whole
    /// number in range: any other sum (larger, negative, infinite) has another exponent or sign, so the difference
    /// wraps past the range. Neither a conversion's range checks nor a branch on the sign.
    @inlinable @inline(__always)
    static func smallWhole(_ d: Double) -> Int? {
        let sum = d + 0x1.8p52
        guard sum - 0x1.8p52 == d else { return nil }
        let biased = sum.bitPattern &- (roundingBits &- 999)
        guard biased < 1999 else { return nil }
        return Int(bitPattern: UInt(biased)) &- 999
    }

    /// The bits of 1.5 * 2^52, the sum's bits less which are the whole number in `smallWhole`.
    @inlinable static var roundingBits: UInt64 { 0x4338_0000_0000_0000 }

    /// `appendNumber` for everything but whole numbers in `-999...999`.
    @usableFromInline
    mutating func appendOtherNumber(_ d: Double) {
        out.reserve(Self.maxNumberLength)
        let start = out.base + out.count
        out.count &+= Self.writeOtherNumber(d, at: start, decimals: decimals) - start
    }

    /// Writes `d` as `appendNumber` does at `start`, where the caller has made room for `maxNumberLength` bytes,
    /// and returns where the text ends: the one general number writer, for the writer's appends and a
    /// `ReservedRoom`'s alike.
    @usableFromInline
    static func writeOtherNumber(
        _ d: Double, at start: UnsafeMutablePointer<UInt8>, decimals: UnsafePointer<UInt64>
    ) -> UnsafeMutablePointer<UInt8> {
        guard d.isFinite else {
            UnsafeMutableRawPointer(start).copyMemory(from: ("null" as StaticString).utf8Start, byteCount: 4)
            return start + 4
        }
        // A truncating conversion and a compare, rather than Int(exactly:), which needs libm's trunc.
        if d.magnitude < 0x1p53, Double(Int(d)) == d {
            return writeInteger(Int(d), at: start)
        }
        if let end = writeThousandths(d, at: start, decimals: decimals) { return end }
        // `write(to:)` produces the text of `description` without building a String: the standard library
        // hands its digits to `_writeASCII`, which copies them in place.
        var target = PointerTarget(at: start)
        d.write(to: &target)
        return target.at
    }

    /// Writes `d` at `start` if it is a whole number of thousandths below 10^12 in magnitude (0.25, -2.5, 1.125),
    /// which is what durations and fractional points are, and returns where it ends; nil, writing nothing, otherwise.
    ///
    /// The text is what `description` gives: below 2^40 doubles lie less than 0.001 apart, so at most one
    /// decimal with three or fewer fraction digits reads back as `d`. That decimal is m / 1000 when dividing
    /// m by 1000 gives `d` (the division rounds correctly, as reading the text does), and no shorter text can
    /// read back as `d`, since it too would have three or fewer fraction digits. At these magnitudes
    /// `description` uses plain notation.
    static func writeThousandths(
        _ d: Double, at start: UnsafeMutablePointer<UInt8>, decimals: UnsafePointer<UInt64>
    ) -> UnsafeMutablePointer<UInt8>? {
        guard d.magnitude < 1e12 else { return nil }
        // Rounded to whole thousandths by adding and taking away 1.5 * 2^52, where doubles are whole numbers: exact
        // below 2^51, and two instructions rather than a call to libm's round. A tie, which the two would round
        // apart, is never a whole number of thousandths, so it fails the check below either way.
        let scaled = (d * 1000 + 0x1.8p52) - 0x1.8p52
        guard scaled / 1000 == d else { return nil }
        let thousandths = Int(scaled)
        var at = start
        if thousandths < 0 {
            at.pointee = ASCII.minus
            at += 1
        }
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1000
        if whole < 1000 {
            // Four bytes stored, the digits counted: at most a sign, 12 digits and 4 of fraction fit the room.
            let packed = decimals[Int(bitPattern: whole)]
            UnsafeMutableRawPointer(at).storeBytes(of: UInt32(truncatingIfNeeded: packed).littleEndian, as: UInt32.self)
            at += Int(truncatingIfNeeded: packed &>> 56)
        } else {
            at = writeDecimal(whole, at: at)
        }
        // A whole d was written by the caller, so the fraction is not 0; trailing zeros are not written.
        let fraction = magnitude % 1000
        let rest = fraction % 100
        at[0] = ASCII.period
        at[1] = ASCII.zero &+ UInt8(truncatingIfNeeded: fraction / 100)
        at += 2
        if rest != 0 {
            at.pointee = ASCII.zero &+ UInt8(truncatingIfNeeded: rest / 10)
            at += 1
            if rest % 10 != 0 {
                at.pointee = ASCII.zero &+ UInt8(truncatingIfNeeded: rest % 10)
                at += 1
            }
        }
        return at
    }

    /// Writes the decimal digits of `i`, with its sign, at `start`; returns where they end.
    static func writeInteger(_ i: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard i < 0 else { return writeDecimal(i.magnitude, at: start) }
        start.pointee = ASCII.minus
        return writeDecimal(i.magnitude, at: start + 1)
    }

    /// Writes the decimal digits of `value`, most significant first, at `start`; returns where they end.
    static func writeDecimal(_ value: UInt, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var digits = 1
        var limit: UInt = 10
        // 20 digits hold UInt64.max; the multiplication would overflow only past that.
        while digits < 20, value >= limit {
            digits += 1
            limit &*= 10
        }
        // Last digit first, by division by the constant 10, which compiles to a multiplication.
        var rest = value
        var position = start + digits
        repeat {
            position -= 1
            position.pointee = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        return start + digits
    }

    /// Writes the decimal digits of `i`, most significant first.
    mutating func appendInteger(_ i: Int) {
        if i < 0 { out.append(ASCII.minus) }
        out.appendDecimal(i.magnitude)
    }
}

/// Lets the standard library's number formatting write straight into room made for it.
private struct PointerTarget: TextOutputStream {
    var at: UnsafeMutablePointer<UInt8>

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        UnsafeMutableRawPointer(at).copyMemory(from: source, byteCount: buffer.count)
        at += buffer.count
    }
}

/// The decimal text of each whole number in `-999...999`, packed in a word for `OutputBytes.appendPackedReserved`:
/// the sign and digits in the four low bytes in memory order, their count in the high byte. A table lookup and one
/// store write a number where dividing out its digits took several multiplications and a branch per digit.
@usableFromInline
struct SmallDecimals: @unchecked Sendable {
    /// The entry of 0, between those of -999 and 999, so that a number indexes its own: allocated once and never
    /// freed, and nothing writes to the entries after they are filled.
    @usableFromInline let table: UnsafePointer<UInt64>

    static let shared = SmallDecimals()

    private init() {
        let entries = UnsafeMutablePointer<UInt64>.allocate(capacity: 1999)
        for value in -999...999 {
            let text: [UInt64] = String(value).utf8.map { UInt64($0) }
            var packed = UInt64(text.count) << 56
            for (offset, byte) in text.enumerated() { packed |= byte << (8 * UInt64(offset)) }
            entries[value + 999] = packed
        }
        table = UnsafePointer(entries + 999)
    }
}
