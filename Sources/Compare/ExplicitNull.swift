/// An optional that a synthesized `Encodable` writes as `null` when nil,
/// where for a plain optional it would leave the key out: for the JSON
/// contracts whose readers expect every key (a check's `met`, the checks'
/// `note`), without a hand-written `encode(to:)` that must name every
/// field again. Reading takes a missing key or `null` as nil, as the
/// synthesized reader of a plain optional does. O(1) beside the value's
/// own coding.
@propertyWrapper
package struct ExplicitNull<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// The synthesized reader's call for an ``ExplicitNull`` field: a
    /// missing key is nil, as it is for a plain optional.
    package func decode<Value>(_ type: ExplicitNull<Value>.Type, forKey key: Key) throws -> ExplicitNull<Value> {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }
}
