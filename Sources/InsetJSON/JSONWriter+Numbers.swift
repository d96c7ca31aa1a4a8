extension JSONWriter {
    /// Writes a finite double in the shortest text that parses back to the same value.
    ///
    /// Integral values below 2^53 print as integers (`390`, not `390.0`), since every JSON reader reads
    /// those exactly; `-0` prints as `0` because some readers would otherwise produce an integer -0 or
    /// reject it. Everything else uses Swift's shortest round-trip `description`, whose forms (`0.1`,
    /// `1e-05`, `1e+21`, `5e-324`) are all valid JSON numbers once NaN and infinities are excluded.
    mutating func appendNumber(_ d: Double) {
        guard d.isFinite else {
            // A static string, not an array literal: the compiler allocated that array on every call, NaN or not.
            let null: StaticString = "null"
            out.append(UnsafeBufferPointer(start: null.utf8Start, count: null.utf8CodeUnitCount))
            return
        }
        // Geometry is mostly small whole points: two or three digits, written without the general digit loop.
        if d >= 0, d < 1000 {
            let whole = Int(d)
            if Double(whole) == d {
                appendSmall(whole)
                return
            }
        }
        // A truncating conversion and a compare, rather than Int(exactly:), which needs libm's trunc.
        if d.magnitude < 0x1p53, Double(Int(d)) == d {
            appendInteger(Int(d))
            return
        }
        // `write(to:)` produces the text of `description` without building a String: the standard library
        // hands its digits to `_writeASCII`, which appends them in place.
        withUnsafeMutablePointer(to: &out) { out in
            var target = OutputTarget(out: out)
            d.write(to: &target)
        }
    }

    /// Writes `value`, which is in `0..<1000`.
    @inline(__always)
    private mutating func appendSmall(_ value: Int) {
        out.reserve(3)
        if value >= 100 { out.appendReserved(ASCII.zero + UInt8(truncatingIfNeeded: value / 100)) }
        if value >= 10 { out.appendReserved(ASCII.zero + UInt8(truncatingIfNeeded: value / 10 % 10)) }
        out.appendReserved(ASCII.zero + UInt8(truncatingIfNeeded: value % 10))
    }

    /// Writes the decimal digits of `i`, most significant first.
    mutating func appendInteger(_ i: Int) {
        if i < 0 { out.append(ASCII.minus) }
        out.appendDecimal(i.magnitude)
    }
}

/// Lets the standard library's number formatting write straight into the writer's buffer.
private struct OutputTarget: TextOutputStream {
    let out: UnsafeMutablePointer<OutputBytes>

    mutating func write(_ string: String) {
        out.pointee.append(string)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        out.pointee.append(buffer)
    }
}
