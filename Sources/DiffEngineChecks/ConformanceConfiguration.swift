import DiffEngines

/// How many cases to draw and how to call the engine.
public struct ConformanceConfiguration: Hashable, Sendable {
    public var seed: UInt64
    /// Random cases per shape (7 shapes), after the 10 edge cases.
    public var casesPerShape: Int
    public var elements: [ConformanceElements]
    public var options: DiffOptions

    public init(
        seed: UInt64 = 0xD1FF_C0DE, casesPerShape: Int = 60, elements: [ConformanceElements] = ConformanceElements.allCases,
        options: DiffOptions = .default
    ) {
        self.seed = seed
        self.casesPerShape = casesPerShape
        self.elements = elements
        self.options = options
    }
}
