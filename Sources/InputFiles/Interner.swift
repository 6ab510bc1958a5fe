import DiffEngines

/// Gives each distinct text a small integer, in order of first appearance,
/// and keeps the texts for display. Interning ids and contents of two files
/// through one interner keeps equality exact. Texts from JSON are one text
/// when `String ==` says so; lines of text (``code(forLine:)``) only when
/// their bytes are equal (``LineBytes``). Callers keep the two apart by a
/// prefix.
public struct Interner: Sendable {
    public private(set) var texts: [String] = []
    private var codes: [String: Int] = [:]
    private var lineCodes: [LineBytes: Int] = [:]

    public init() {}

    public mutating func code(for text: String) -> Int {
        let code = Self.code(of: text, in: &codes, next: texts.count)
        if code == texts.count { texts.append(text) }
        return code
    }

    /// The code of a line of text, told apart from every other line by its
    /// bytes. O(length of the line) expected.
    public mutating func code(forLine line: String) -> Int {
        let code = Self.code(of: LineBytes(line), in: &lineCodes, next: texts.count)
        if code == texts.count { texts.append(line) }
        return code
    }

    public func text(for code: Int) -> String { texts[code] }

    /// The code `table` holds for `key`, or else `next`, stored under it
    /// (a caller's codes are below `next`, so `next` back means new). One
    /// hash of the key either way: the `default:` subscript, accessed in
    /// place, finds the key's slot or fills it. A lookup and then a store
    /// hashed every new line twice, on the path each text diff reads its
    /// lines through. O(key length) expected.
    static func code<Key: Hashable>(of key: Key, in table: inout [Key: Int], next: Int) -> Int {
        func stored(_ code: inout Int) -> Int { code }
        return stored(&table[key, default: next])
    }
}
