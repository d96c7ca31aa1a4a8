extension JSONWriter {
    /// Writes a finite double in the shortest text that parses back to the same value.
    ///
    /// Integral values below 2^53 print as integers (`390`, not `390.0`), since every JSON reader reads
    /// those exactly; `-0` prints as `0` because some readers would otherwise produce an integer -0 or
    /// reject it. Everything else uses Swift's shortest round-trip `description`, whose forms (`0.1`,
    /// `1e-05`, `1e+21`, `5e-324`) are all valid JSON numbers once NaN and infinities are excluded.
    mutating func appendNumber(_ d: Double) {
        guard d.isFinite else {
            out.append([ASCII.lowerN, ASCII.lowerU, 0x6C, 0x6C])
            return
        }
        // A truncating conversion and a compare, rather than Int(exactly:), which needs libm's trunc.
        if d.magnitude < 0x1p53, Double(Int(d)) == d {
            appendInteger(Int(d))
            return
        }
        out.append(d.description)
    }

    /// Writes the decimal digits of `i`, most significant first.
    mutating func appendInteger(_ i: Int) {
        if i < 0 { out.append(ASCII.minus) }
        let magnitude = i.magnitude
        var digits = 1
        var limit: UInt = 10
        // 20 digits hold UInt64.max; the multiplication would overflow only past that.
        while digits < 20, magnitude >= limit {
            digits += 1
            limit &*= 10
        }
        out.reserve(digits)
        var divisor: UInt = 1
        for _ in 1..<digits { divisor &*= 10 }
        var rest = magnitude
        for _ in 0..<digits {
            out.appendReserved(ASCII.zero + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
