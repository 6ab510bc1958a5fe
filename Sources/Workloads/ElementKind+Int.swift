import InputFiles
import RunResults

extension ElementKind.Entry {
    static let int = ElementKind.Entry(kind: .int, summary: "integer ids and contents (FeedItem)") { dataset in
        .items(dataset.old, dataset.new)
    }
}
