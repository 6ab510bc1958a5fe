import InputFiles
import RunResults

extension ElementKind.Entry {
    static let uuid = ElementKind.Entry(kind: .uuid, summary: "36-character UUID-string ids, integer contents") { dataset in
        guard dataset.kind != .values else { return .strings(dataset) }
        let name = ProjectedLists.idText(dataset)
        let project = { (item: FeedItem) in UUIDItem(id: name(item.id), content: item.content) }
        return .uuids(dataset.old.map(project), dataset.new.map(project))
    }
}
