import ArgumentParser

/// A size in bytes as the command line takes it: plain bytes (`1048576`) or
/// a number with a binary unit, `K`, `M`, `G` or `T` (1024-based; `KiB`,
/// `MB` and lower case are read the same), e.g. `--case-memory 4G`.
///
/// One reader for every option that takes bytes, so `4G` means the same
/// everywhere; a fraction (`1.5G`) is rounded down to whole bytes.
struct ByteCount: ExpressibleByArgument, Hashable, Sendable {
    var bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    /// The unit letters and their powers of 1024.
    static let units: [(letter: Character, shift: Int)] = [("K", 10), ("M", 20), ("G", 30), ("T", 40)]

    /// nil for anything but a positive whole or decimal number with at most
    /// one unit, or a size over `Int.max` bytes. O(length).
    init?(argument: String) {
        var text = Substring(argument.trimmingCharacters(in: .whitespaces)).uppercased()[...]
        if text.hasSuffix("IB") { text = text.dropLast(2) } else if text.hasSuffix("B") { text = text.dropLast() }
        var shift = 0
        if let last = text.last, let unit = Self.units.first(where: { $0.letter == last }) {
            shift = unit.shift
            text = text.dropLast()
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        if shift == 0 {
            guard let whole = Int(text) else { return nil }
            bytes = whole
        } else {
            guard let number = Double(text), number.isFinite else { return nil }
            let value = number * Double(1 << shift)
            guard value < Double(Int.max) else { return nil }
            bytes = Int(value)
        }
        guard bytes > 0 else { return nil }
    }

    /// "64 MiB (67,108,864 bytes)"-style words for help and messages.
    var defaultValueDescription: String { Self.words(bytes) }

    /// The largest unit that divides `bytes` exactly (`4G`, `512M`), or plain bytes.
    static func words(_ bytes: Int) -> String {
        for unit in units.reversed() where bytes >= 1 << unit.shift && bytes % (1 << unit.shift) == 0 {
            return "\(bytes >> unit.shift)\(unit.letter)"
        }
        return String(bytes)
    }
}
