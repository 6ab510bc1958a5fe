/// Reads a decimal number written as JSON writes one (`-`, digits, an
/// optional fraction, an optional exponent) to the nearest `Double`, ties to
/// even, as `strtod` does, without `strtod`: one 64 × 64-bit product or
/// 128 ÷ 64-bit quotient and a rounding. It answers only when all the digits
/// fit in 64 bits (19 of them) and the power of ten does too (10^-19 …
/// 10^19), where that one exact step gives the rounding; nil otherwise (the
/// caller then uses `strtod`), and nil when the byte after the number is not
/// one that ends a number in a JSON or CSV text (a space, a tab, a line end,
/// `,`, `]` or `}`), so that nothing `strtod` would read further (`1.`,
/// `0x1p3`, `1e`) is read differently. `strtod` was a fifth of a `history
/// add`'s instructions (callgrind), its numbers mostly 17 digits, which
/// the classic fast path (15 digits, exact power of ten) leaves to it.
/// O(length of the number).
package enum DecimalReader {
    /// The value of the number at `start` and its length in bytes, or nil
    /// (see above). The number must be followed in memory by a byte.
    package static func read(_ start: UnsafePointer<UInt8>) -> (value: Double, length: Int)? {
        var at = 0
        let negative = start[0] == UInt8(ascii: "-")
        if negative { at = 1 }
        var digits: UInt64 = 0
        var count = 0
        var fraction = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while isDigit(start[at]) {
            digits = digits &* 10 &+ UInt64(start[at] &- UInt8(ascii: "0"))
            count += 1
            at += 1
        }
        guard count > 0 else { return nil }
        if start[at] == UInt8(ascii: ".") {
            at += 1
            let before = count
            while isDigit(start[at]) {
                digits = digits &* 10 &+ UInt64(start[at] &- UInt8(ascii: "0"))
                count += 1
                at += 1
            }
            fraction = count - before
            guard fraction > 0 else { return nil }
        }
        // 19 digits always fit in 64 bits (10^19 − 1 < 2^64).
        guard count <= 19 else { return nil }
        var exponent = 0
        if start[at] == UInt8(ascii: "e") || start[at] == UInt8(ascii: "E") {
            at += 1
            let negativeExponent = start[at] == UInt8(ascii: "-")
            if negativeExponent || start[at] == UInt8(ascii: "+") { at += 1 }
            var written = 0
            while isDigit(start[at]) {
                guard written < 4 else { return nil }
                exponent = exponent * 10 + Int(start[at] - UInt8(ascii: "0"))
                written += 1
                at += 1
            }
            guard written > 0 else { return nil }
            if negativeExponent { exponent = -exponent }
        }
        switch start[at] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): break
        default: return nil
        }
        let scale = exponent - fraction
        let magnitude: Double
        if digits == 0 {
            magnitude = 0
        } else if scale == 0 {
            magnitude = Double(digits)  // an integer conversion rounds to nearest, ties to even
        } else if scale > 0 {
            guard scale <= 19 else { return nil }
            let (high, low) = digits.multipliedFullWidth(by: powersOfTen[scale])
            if high == 0 {
                magnitude = Double(low)
            } else {
                // The product's top 64 bits, and whether any bit below them is set.
                let shift = high.leadingZeroBitCount
                let top = shift == 0 ? high : high << shift | low >> (64 - shift)
                magnitude = rounded(top, inexact: low << shift != 0, times: 64 - shift)
            }
        } else {
            guard scale >= -19 else { return nil }
            // digits / 10^k with both normalized to a top bit of 1: the quotient of
            // 2^64 (or 2^63) times their ratio then has exactly 64 bits.
            let divisor = powersOfTen[-scale], divisorShift = divisor.leadingZeroBitCount
            let numeratorShift = digits.leadingZeroBitCount
            let d = divisor << divisorShift, n = digits << numeratorShift
            let extra = n < d ? 64 : 63
            let numerator = extra == 64 ? (high: n, low: UInt64(0)) : (high: n >> 1, low: n << 63)
            let (quotient, remainder) = d.dividingFullWidth(numerator)
            magnitude = rounded(quotient, inexact: remainder != 0, times: divisorShift - numeratorShift - extra)
        }
        return (negative ? -magnitude : magnitude, at)
    }

    /// `(top + a fraction below 1, nonzero when inexact) × 2^power` to the
    /// nearest double, ties to even; `top` has its highest bit set. O(1).
    static func rounded(_ top: UInt64, inexact: Bool, times power: Int) -> Double {
        var significand = top >> 11
        let rest = top & 0x7FF
        let half: UInt64 = 0x400
        if rest > half || (rest == half && (inexact || significand & 1 == 1)) {
            significand += 1
        }
        var power = power + 11
        if significand == 1 << 53 {
            significand >>= 1
            power += 1
        }
        return Double(sign: .plus, exponent: power, significand: Double(significand))
    }

    /// 10^0 … 10^19, each exact in 64 bits.
    static let powersOfTen: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers.last! * 10) }
        return powers
    }()
}
