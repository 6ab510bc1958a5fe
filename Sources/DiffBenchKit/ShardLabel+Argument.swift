import ArgumentParser
import RunResults

/// `run --shard K/N`: the results document's own type, parsed once here.
extension ShardLabel: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }

    public var defaultValueDescription: String { description }

    /// The label, or an error giving the expected form (ArgumentParser shows it).
    @Sendable static func parse(_ text: String) throws -> ShardLabel {
        guard let label = ShardLabel(text) else { throw ListError("expected \(ShardLabel.expectedForm)") }
        return label
    }
}
