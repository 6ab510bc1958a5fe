/// A name the results document writes as a bare string and compares as its
/// text: ``WorkloadName``, ``ElementKind``, ``PerformanceTarget/Measure``
/// and ``Subject``. Each of them is a distinct type, so no module passes a
/// workload where a kind belongs, yet all are open (a results file may
/// spell any name, one a newer diffbench wrote included), so they wrap the
/// text rather than enumerate cases; ``Subject`` alone has a case beside
/// its open engine names, the floor.
///
/// The conformances are written here once: reading and writing the bare
/// string keeps every results file's bytes, and ordering by the text keeps
/// the order tables and series had when the columns were strings. All of
/// them are O(length of the name).
public protocol StringNamed: Hashable, Sendable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as results.json and results.csv write it.
    var rawValue: String { get }

    /// The name a results file, a job or the command line spells `name`, known or not.
    init(_ name: String)
}

extension StringNamed {
    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
