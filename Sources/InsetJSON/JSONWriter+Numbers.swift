extension JSONWriter {
    /// Writes a finite double in the shortest text that parses back to the same value.
    ///
    /// Integral values below 2^53 print as integers (`390`, not `390.0`), since every JSON reader reads
    /// those exactly; `-0` prints as `0` because some readers would otherwise produce an integer -0 or
    /// reject it. Everything else uses Swift's shortest round-trip `description`, whose forms (`0.1`,
    /// `1e-05`, `1e+21`, `5e-324`) are all valid JSON numbers once NaN and infinities are excluded.
    mutating func appendNumber(_ d: Double) {
        guard d.isFinite else {
            bytes.append(contentsOf: [ASCII.lowerN, ASCII.lowerU, 0x6C, 0x6C])
            return
        }
        // A truncating conversion and a compare, rather than Int(exactly:), which needs libm's trunc.
        if d.magnitude < 0x1p53, Double(Int(d)) == d {
            appendInteger(Int(d))
            return
        }
        bytes.append(contentsOf: d.description.utf8)
    }

    /// Writes the decimal digits of `i`, most significant first.
    mutating func appendInteger(_ i: Int) {
        if i < 0 { bytes.append(ASCII.minus) }
        var magnitude = i.magnitude
        // 20 digits hold UInt64.max, so they hold any Int's magnitude.
        let capacity = 20
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { digits in
            var first = capacity
            repeat {
                first -= 1
                digits.initializeElement(at: first, to: ASCII.zero + UInt8(truncatingIfNeeded: magnitude % 10))
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first..<capacity]))
        }
    }
}
