import DiffBenchTestSupport
import Foundation
import Testing
@testable import InputFiles

/// ``DecimalReader`` answers exactly what `strtod` reads, bit for bit and
/// byte for byte, wherever it answers: on Swift's shortest forms of seeded
/// doubles, on seeded digit strings with fractions and exponents, and on
/// integers lying exactly halfway between two doubles (ties go to even).
@Suite struct DecimalReaderTests {
    /// Both readers on `text` followed by `,`; nil when DecimalReader does not answer.
    static func compare(_ text: String) -> (ours: (Double, Int), strtod: (Double, Int))? {
        var bytes = Array(text.utf8) + [UInt8(ascii: ","), 0]
        guard let ours = bytes.withUnsafeBufferPointer({ DecimalReader.read($0.baseAddress!) }) else { return nil }
        let theirs = bytes.withUnsafeMutableBufferPointer { buffer -> (Double, Int) in
            let start = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &stop)
            return (value, stop! - start)
        }
        return (ours, theirs)
    }

    /// The texts of `cases` on which the two readers differ, and how many DecimalReader answered.
    static func differences(_ cases: [String]) -> (differing: [String], answered: Int) {
        var differing: [String] = [], answered = 0
        for text in cases {
            guard let (ours, theirs) = compare(text) else { continue }
            answered += 1
            if ours.0.bitPattern != theirs.0.bitPattern || ours.1 != theirs.1 { differing.append(text) }
        }
        return (differing, answered)
    }

    @Test func shortestFormsOfSeededDoublesReadAsStrtodReadsThem() {
        var random = TestRandom(seed: 36)
        var cases: [String] = []
        for _ in 0..<20_000 {
            cases.append(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF).description)
            let fraction = Double(random.next() >> 11) / Double(UInt64(1) << 53)
            cases.append((fraction * 1e6).description)
            cases.append(String(Double(random.next() % 1_000_000_000) / 1000))
        }
        let (differing, answered) = Self.differences(cases)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(answered > cases.count / 2)
    }

    @Test func seededDigitStringsReadAsStrtodReadsThem() {
        var random = TestRandom(seed: 3600)
        var cases: [String] = []
        for _ in 0..<60_000 {
            let count = Int(random.next() % 19) + 1
            var text = String((0..<count).map { _ in Character(String(random.next() % 10)) })
            let dot = Int(random.next() % UInt64(count + 1))
            if dot > 0, dot < count { text.insert(".", at: text.index(text.startIndex, offsetBy: dot)) }
            if random.next() % 2 == 0 { text += (random.next() % 2 == 0 ? "e" : "E-") + String(random.next() % 26) }
            if random.next() % 2 == 0 { text = "-" + text }
            cases.append(text)
        }
        let (differing, answered) = Self.differences(cases)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(answered > cases.count / 2)
    }

    @Test func halfwayIntegersRoundToEven() {
        var random = TestRandom(seed: 360)
        var cases = ["9007199254740993", "9007199254740995", "9007199254740993e0", "9.007199254740993e15", "900719925474099.3e1"]
        for _ in 0..<20_000 {
            let shift = Int(random.next() % 10) + 1
            let significand = (random.next() >> 11) | (1 << 52)
            // At most 63 bits: halfway between two doubles 2^shift apart.
            let value = significand << shift | 1 << (shift - 1)
            guard value < 10_000_000_000_000_000_000 else { continue }
            let digits = String(value)
            cases.append(digits)
            var scaled = digits
            scaled.insert(".", at: scaled.index(after: scaled.startIndex))
            cases.append(scaled + "e" + String(digits.count - 1))
        }
        // Halfway values reached through the product (digits × 10^k, past 64 bits
        // too) and through the quotient (digits ÷ 10^k): an odd 54-bit o, a multiple
        // of 5^k, times a power of two lies halfway between two doubles.
        var powerOfFive: UInt64 = 1
        for k in 1...19 {
            powerOfFive *= 5
            for _ in 0..<200 {
                guard powerOfFive < 1 << 52 else { break }
                let low = ((1 << 53) + powerOfFive - 1) / powerOfFive, high = ((1 << 54) - 1) / powerOfFive
                guard low <= high else { break }
                var odd = low + random.next() % (high - low + 1)
                if odd % 2 == 0 { odd = odd == high ? odd - 1 : odd + 1 }
                guard odd >= low, odd <= high else { continue }
                let shift = random.next() % 8
                let (digits, overflow) = (odd << shift).multipliedReportingOverflow(by: 1 << (k > 10 ? 0 : 10 - k))
                guard !overflow, digits < 10_000_000_000_000_000_000 else { continue }
                cases.append("\(digits)e\(k)")
            }
        }
        for k in 1...3 {
            let power = [1, 5, 25, 125][k]
            for _ in 0..<2_000 {
                let odd = ((random.next() >> 11) | 1 << 53) | 1
                var text = String(odd * UInt64(power))
                text.insert(".", at: text.index(text.endIndex, offsetBy: -k))
                cases.append(text)
            }
        }
        let (differing, answered) = Self.differences(cases)
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(answered == cases.count)
    }

    /// What strtod would read further than JSON does, and what is too long
    /// for one exact step, is left to strtod.
    @Test(arguments: ["1.", "0x10", "1e", "1e+", ".5", "12345678901234567890", "1e20", "1e-20", "1.5x", "--1", "-", "1e99999"])
    func textsItDoesNotDecideAreLeftToStrtod(text: String) {
        #expect(Self.compare(text) == nil)
    }
}
