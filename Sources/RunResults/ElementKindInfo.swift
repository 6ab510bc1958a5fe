/// What a run records about each element kind it timed (results.json
/// `element_kinds`): the rows' `elements` column names one of these.
public struct ElementKindInfo: Hashable, Sendable, Codable {
    public var name: String
    public var summary: String

    public init(name: String, summary: String) {
        self.name = name
        self.summary = summary
    }
}
