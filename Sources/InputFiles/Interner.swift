/// Gives each distinct text a small integer, in order of first appearance,
/// and keeps the texts for display. Interning ids and contents of two files
/// through one interner keeps equality exact.
public struct Interner: Sendable {
    public private(set) var texts: [String] = []
    private var codes: [String: Int] = [:]

    public init() {}

    public mutating func code(for text: String) -> Int {
        if let code = codes[text] { return code }
        let code = texts.count
        codes[text] = code
        texts.append(text)
        return code
    }

    public func text(for code: Int) -> String { texts[code] }
}
