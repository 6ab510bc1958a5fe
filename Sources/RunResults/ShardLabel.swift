import Foundation

/// Shard K of N of a plan (`run --shard K/N`): typed from the command line
/// to the results document, where it is written as the text `"K/N"`. A
/// label is valid by construction (1 ≤ K ≤ N), so `merge` and the history
/// store never parse a string again.
public struct ShardLabel: Hashable, Sendable, CustomStringConvertible {
    /// K, 1-based.
    public let index: Int
    /// N, at least 1.
    public let count: Int

    /// Nil unless 1 ≤ `index` ≤ `count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` (spaces around either number allowed), or nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let index = parts[0], let count = parts[1] else { return nil }
        self.init(index: index, count: count)
    }

    /// What a bad label is told: the expected form.
    public static let expectedForm = "K/N with 1 ≤ K ≤ N (e.g. 2/4)"

    public var description: String { "\(index)/\(count)" }
}

extension ShardLabel: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let label = ShardLabel(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "shard label \"\(text)\" is not \(Self.expectedForm)")
        }
        self = label
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
