import InputFiles
import RunResults

/// A feed post as an app models it: `==` compares every field, so an update
/// (a new like count) is found by comparing a string, two integers and a date.
public struct FeedRecord: Identifiable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var likes: Int
    /// Seconds since 2001-01-01, as `Date.timeIntervalSinceReferenceDate` holds it.
    public var published: Double

    @inlinable public init(id: String, title: String, likes: Int, published: Double) {
        self.id = id
        self.title = title
        self.likes = likes
        self.published = published
    }
}
