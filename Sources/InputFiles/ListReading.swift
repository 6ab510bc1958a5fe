/// How the objects of a user's list file are read: which key is the id and
/// which keys make the content. One value, shared by every command that
/// reads list files (`diff`, `teach`, `table`, `run --old/--new`), so an
/// option means the same everywhere.
///
/// - The id is found at ``idPath``: a key, or a dotted path (`user.id`)
///   through nested objects. A key that itself holds a dot is found first.
/// - The content is the whole object minus the id, as canonical JSON (keys
///   sorted, no whitespace), so a change to any field is an update and a
///   mistyped key (`"contnet"`) is part of the content, never dropped. An
///   object holding only the id and `content` keeps the meaning the format
///   always had: its content is the `content` value (absent = `null`).
/// - With ``contentKeys`` only those keys (or dotted paths) count; a key
///   named there that no object of either file holds is refused (a typo
///   would otherwise make every element equal).
public struct ListReading: Sendable, Hashable {
    /// The id's key, or a dotted path.
    public var id: String
    /// The keys whose values make the content, or nil for the whole object minus the id.
    public var contentKeys: [String]?

    public init(id: String = "id", contentKeys: [String]? = nil) {
        self.id = id
        self.contentKeys = contentKeys
    }

    /// The default reading: `id`, content from the whole object.
    public static let standard = ListReading()

    /// The value at `path` (a key, or a dotted path) of `value`, or nil when
    /// some step is missing or not an object. O(depth · keys).
    static func lookUp(_ path: String, in value: JSONValue) -> JSONValue? {
        if let direct = value[path] { return direct }
        guard path.contains(".") else { return nil }
        var current = value
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = current[String(key)] else { return nil }
            current = next
        }
        return current
    }

    /// `value` without the member at `path` (an object left empty by the
    /// removal stays as `{}`). O(size of the path's objects).
    static func removing(_ path: String, from value: JSONValue) -> JSONValue {
        guard case let .object(members) = value else { return value }
        if members.contains(where: { $0.key == path }) { return .object(members.filter { $0.key != path }) }
        guard let dot = path.firstIndex(of: ".") else { return value }
        let head = String(path[..<dot]), rest = String(path[path.index(after: dot)...])
        return .object(members.map { $0.key == head ? ($0.key, removing(rest, from: $0.value)) : $0 })
    }

    /// The content text of `object` under this reading, and the content keys
    /// it holds (for the check that each named key is used somewhere).
    /// O(size of the object).
    func content(of object: JSONValue, found: inout Set<String>) -> String {
        if let contentKeys {
            var members: [(key: String, value: JSONValue)] = []
            for key in contentKeys {
                guard let value = Self.lookUp(key, in: object) else { continue }
                found.insert(key)
                members.append((key, value))
            }
            return JSONValue.object(members).canonicalText
        }
        let rest = Self.removing(id, from: object)
        guard case let .object(members) = rest else { return rest.canonicalText }
        if members.isEmpty { return "null" }
        if members.count == 1, members[0].key == "content" { return members[0].value.canonicalText }
        return rest.canonicalText
    }
}
