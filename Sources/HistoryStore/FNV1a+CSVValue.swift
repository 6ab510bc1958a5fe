import RunResults

extension FNV1a {
    /// One field of a row, for the content fingerprint: a byte for its
    /// kind, then its bits (a text's length and bytes, a number's IEEE
    /// bits, a list's length and each number's bits), none told apart
    /// from every value, so any change of a value changes the hash and no
    /// text is made. O(field).
    mutating func add(_ value: CSVValue) {
        switch value {
        case .text(let text):
            add(0x74)
            add(word: UInt64(text.utf8.count))
            add(text)
        case .integer(let integer):
            add(integer.map { UInt64(bitPattern: Int64($0)) }, kind: 0x69)
        case .unsigned(let integer):
            add(integer, kind: 0x6E)
        case .number(let number), .real(let number):
            add(number?.bitPattern, kind: 0x64)
        case .numbers(let numbers):
            guard let numbers else { return add(nil, kind: 0x6C) }
            add(0x6C)
            add(word: UInt64(numbers.count))
            for number in numbers { add(word: number.bitPattern) }
        case .flag(let flag):
            add(0x62)
            add(flag.map { $0 ? 1 : 0 } ?? 2)
        }
    }

    /// A kind byte and a word, or the byte for none.
    private mutating func add(_ word: UInt64?, kind: UInt8) {
        guard let word else { return add(0x30) }
        add(kind)
        add(word: word)
    }
}
