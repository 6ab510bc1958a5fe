import InputFiles
import RunResults

extension ElementKind.Entry {
    static let record = ElementKind.Entry(
        kind: .record, summary: "UUID-string id, title, like count and date, compared field by field"
    ) { dataset in
        guard dataset.kind != .values else { return .strings(dataset) }
        let name = ProjectedLists.idText(dataset)
        let project = { (item: FeedItem) in
            FeedRecord(
                id: name(item.id), title: ElementNames.title(for: item.id), likes: item.content,
                published: ElementNames.published(for: item.id))
        }
        return .records(dataset.old.map(project), dataset.new.map(project))
    }
}
