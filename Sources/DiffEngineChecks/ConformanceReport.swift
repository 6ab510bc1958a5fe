import DiffEngines

/// What a passing check covered: cases and engine calls, per element type.
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    public var engine: String
    public var claims: EngineClaims
    /// Generated cases (each run as every element type).
    public var cases: Int
    /// Engine calls made, over every case and element type.
    public var calls: Int
    /// Cases with repeated ids the engine refused as it claims to.
    public var refusedRepeats: Int

    public var description: String {
        "\(engine) \(claims): \(cases) cases, \(calls) calls, \(refusedRepeats) refusals of repeated ids"
    }
}
