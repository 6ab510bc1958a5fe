import InputFiles
import RunResults

extension ElementKind {
    /// `int`: ``FeedItem`` (integer id and content), as stored. A dataset
    /// whose ids are strings (a user's file) is timed on their codes,
    /// numbered in order of first appearance.
    public static let int = ElementKind(name: ResultRow.integerKind)
}

extension ElementKind.Entry {
    static let int = ElementKind.Entry(kind: .int, summary: "integer ids and contents (FeedItem)") { dataset in
        .items(dataset.old, dataset.new)
    }
}
