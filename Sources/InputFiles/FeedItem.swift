
/// The element every workload is made of: a stable identity (a post id) and a
/// content value (a digest of the post body, its like count, ...). Two items
/// with the same `id` and different `content` are the same post, updated.
///
/// Both are integers so that the benchmark measures the engines, not string
/// hashing; user files with string ids and arbitrary JSON content are mapped
/// onto it exactly by interning (see ``Interner``).
public struct FeedItem: Identifiable, Hashable, Sendable, CustomStringConvertible {
    public var id: Int
    public var content: Int

    @inlinable
    public init(id: Int, content: Int) {
        self.id = id
        self.content = content
    }

    public var description: String { "\(id):\(content)" }
}

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
