import Foundation
import InputFiles

/// One field of a `results.csv` row as the value it holds (a column of
/// ``ResultRow/csvTable``): what the field's text is made from
/// (``field``), what a field read back from a CSV is compared with
/// (``matches(_:)``), and what the history's content fingerprint hashes
/// (its exact bits, with no text made).
public enum CSVValue: Sendable {
    /// Text, written as it is (quoted by ``ResultRow/csvEscape(_:)`` where it must be).
    case text(String)
    /// An integer; empty for none.
    case integer(Int?)
    /// An unsigned integer (a seed).
    case unsigned(UInt64)
    /// A time in nanoseconds: a whole value below 10^15 written as an
    /// integer, any other in Swift's shortest form that reads back to the
    /// same bits; empty for none.
    case number(Double?)
    /// A ratio or a time in seconds, in Swift's shortest form; empty for none.
    case real(Double?)
    /// Times in nanoseconds, each written as ``number(_:)``, one space
    /// between two; empty for none.
    case numbers([Double]?)
    /// `true` or `false`; empty for none.
    case flag(Bool?)

    /// The field's text in `results.csv` (before quoting). O(field).
    public var field: String {
        switch self {
        case .text(let text): return text
        case .integer(let value): return value.map(String.init) ?? ""
        case .unsigned(let value): return String(value)
        case .number(let value): return value.map(Self.number) ?? ""
        case .real(let value): return value.map { String($0) } ?? ""
        case .numbers(let values): return values.map { $0.map(Self.number).joined(separator: " ") } ?? ""
        case .flag(let value): return value.map { $0 ? "true" : "false" } ?? ""
        }
    }

    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Whether `bytes`, one field read from a CSV (unquoted), holds this
    /// value: text byte for byte, integers and flags as written, a number by
    /// the value it reads as (`1.50` holds 1.5 as `1.5` does; any other
    /// value is refused). Reading a number back costs less than writing it
    /// to compare texts, which was a fifth of a `history add` (callgrind).
    /// `bytes` must be followed in memory by a byte that ends a number
    /// (`,`, a space or a line end), as in a CSV that ends with a line end.
    /// O(field).
    public func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .text(let text):
            var text = text
            return text.withUTF8 { $0.count == bytes.count && ($0.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0) }
        case .integer(let value):
            guard let value else { return bytes.isEmpty }
            return Self.integer(bytes) == value
        case .unsigned(let value):
            return Self.unsigned(bytes[...]) == value
        case .number(let value), .real(let value):
            guard let value else { return bytes.isEmpty }
            return Self.same(Self.double(bytes[...]), value)
        case .numbers(let values):
            guard let values, !values.isEmpty else { return bytes.isEmpty }
            var start = bytes.startIndex
            for (index, value) in values.enumerated() {
                guard start <= bytes.endIndex else { return false }
                let end = index == values.count - 1 ? bytes.endIndex : (bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex)
                guard Self.same(Self.double(bytes[start..<end]), value) else { return false }
                start = end + 1
            }
            return true
        case .flag(let value):
            let text = value.map { $0 ? "true" : "false" } ?? ""
            return CSVValue.text(text).matches(bytes)
        }
    }

    private static func same(_ read: Double?, _ value: Double) -> Bool {
        guard let read else { return false }
        return read == value || (read.isNaN && value.isNaN)
    }

    /// The decimal integer `bytes` hold (an optional `-`, then digits), or
    /// nil. O(bytes).
    private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.first == UInt8(ascii: "-") else { return unsigned(bytes[...]).flatMap { Int(exactly: $0) } }
        guard let magnitude = unsigned(bytes.dropFirst()), magnitude <= UInt64(Int.max) + 1 else { return nil }
        return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    }

    private static func unsigned(_ bytes: Slice<UnsafeRawBufferPointer>) -> UInt64? {
        guard !bytes.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else { return nil }
            value = sum
        }
        return value
    }

    /// The number `bytes` hold, read in place by ``DecimalReader`` or else
    /// `strtod` (the byte after them ends it), or nil when they are not one number: it must start
    /// with `-` or a digit (no spaces, no `+`), or be `inf`, `-inf` or `nan`
    /// as Swift writes them. O(bytes).
    private static func double(_ bytes: Slice<UnsafeRawBufferPointer>) -> Double? {
        guard let first = bytes.first else { return nil }
        guard first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return bytes.elementsEqual("nan".utf8) ? .nan : bytes.elementsEqual("inf".utf8) ? .infinity : nil
        }
        if bytes.elementsEqual("-inf".utf8) { return -.infinity }
        if let (value, length) = DecimalReader.read((bytes.base.baseAddress! + bytes.startIndex).assumingMemoryBound(to: UInt8.self)) {
            return length == bytes.count ? value : nil
        }
        let start = (bytes.base.baseAddress! + bytes.startIndex).assumingMemoryBound(to: CChar.self)
        var stop: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &stop)
        guard let stop, stop - UnsafeMutablePointer(mutating: start) == bytes.count else { return nil }
        return value
    }
}
