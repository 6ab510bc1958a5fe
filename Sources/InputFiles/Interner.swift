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
        if let code = codes[text] { return code }
        let code = texts.count
        codes[text] = code
        texts.append(text)
        return code
    }

    /// The code of a line of text, told apart from every other line by its
    /// bytes. O(length of the line) expected.
    public mutating func code(forLine line: String) -> Int {
        if let code = lineCodes[LineBytes(line)] { return code }
        let code = texts.count
        lineCodes[LineBytes(line)] = code
        texts.append(line)
        return code
    }

    public func text(for code: Int) -> String { texts[code] }
}
