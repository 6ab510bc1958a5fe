/// An element of a user's list file, `{"id": string|number, "content": any
/// JSON}`, as the file holds it: the id as written and the content as its
/// canonical JSON text (object keys sorted, no whitespace), so two contents
/// are equal exactly when they are the same JSON value. Same id, different
/// content is an update.
public struct UserItem: Identifiable, Equatable, Sendable {
    public var id: UserID
    public var content: String

    @inlinable public init(id: UserID, content: String) {
        self.id = id
        self.content = content
    }
}
