
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
