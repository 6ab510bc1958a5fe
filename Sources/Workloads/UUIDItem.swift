import InputFiles
import RunResults

/// A list element with a UUID-string id and an integer content.
public struct UUIDItem: Identifiable, Equatable, Sendable {
    public var id: String
    public var content: Int

    @inlinable public init(id: String, content: Int) {
        self.id = id
        self.content = content
    }
}
