/// One element of a list file, checked: a plain value (a string, or a
/// number as written) or an `{"id", "content"}` object.
enum ListElement {
    case value(text: String, isNumber: Bool)
    case item(UserItem)

    var kind: ListKind {
        if case .value = self { return .values }
        return .identified
    }
}
