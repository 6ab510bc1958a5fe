#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// An id type whose values can be hashed and compared as bytes: opting in
/// lets ``IdentityCodes`` code the ids with its byte table instead of
/// `Dictionary` (see `Guides/Heckel.md`, "A table of its own for string
/// ids").
///
/// The contract: two values that both give bytes are `==` exactly when their
/// bytes are equal. A value that cannot promise that returns nil, and then
/// the whole coding pass takes the standard `Dictionary` path, so a type may
/// opt in even when only some of its values are plain bytes.
///
/// `String` and `UUID` conform. A custom id conforms in a few lines, e.g. an
/// id that wraps a 16-byte value:
///
/// ```swift
/// struct PostID: Hashable, IdentityBytes {
///     var raw: (UInt64, UInt64)
///     static func == (a: PostID, b: PostID) -> Bool { a.raw == b.raw }
///     func hash(into hasher: inout Hasher) { hasher.combine(raw.0); hasher.combine(raw.1) }
///     func withIdentityBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
///         withUnsafeBytes(of: raw) { body($0) }
///     }
/// }
/// ```
///
/// Types whose `==` is not byte equality for every value (text compared by
/// canonical equivalence) say so with ``identityBytesNeedASCII``: then a
/// value with a byte of 0x80 or above sends the pass to `Dictionary`.
public protocol IdentityBytes: Hashable {
    /// Calls `body` with this value's identity bytes (valid only during the
    /// call) and returns its result, or returns nil, without calling `body`,
    /// when this value cannot be compared by its bytes.
    ///
    /// - Complexity: O(1) to reach the bytes; it is called once per id to
    ///   hash it, and once more per candidate match to compare.
    func withIdentityBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R?

    /// True when byte equality agrees with `==` only among ASCII values
    /// (text); false (the default) when it always does.
    static var identityBytesNeedASCII: Bool { get }
}

extension IdentityBytes {
    @inlinable public static var identityBytesNeedASCII: Bool { false }
}

/// A `String` gives its UTF-8 bytes, read in place. `==` on strings is
/// canonical equivalence: "é" (U+00E9) equals "e" + U+0301, and even the
/// Kelvin sign (U+212A) equals the ASCII "K". Byte equality agrees with it
/// only when every id is ASCII, hence ``identityBytesNeedASCII``. A string
/// not stored as contiguous UTF-8 (lazily bridged from Objective-C) gives nil.
/// The byte table itself reads `String` ids by their words
/// (`StringIdentityWords.swift`), where a non-ASCII id keeps the table too
/// (keyed by its NFC bytes: `NFCQuickCheck.swift`); this is its fallback,
/// for a process whose `String` layout it does not recognise or a string it
/// cannot read in place.
extension String: IdentityBytes {
    @inlinable public static var identityBytesNeedASCII: Bool { true }

    /// - Complexity: O(1): a native string's storage is read in place (a
    ///   small string's bytes are copied to the stack). Measured in a release
    ///   build on 10,000 UUID strings, reaching and hashing the bytes took
    ///   about 4 ns an id through `utf8.withContiguousStorageIfAvailable`,
    ///   which inlines entirely, and 20 ns through `utf8.span`, whose getter
    ///   is an opaque call: the id could no longer be read without a retain
    ///   and a release around it.
    @inlinable
    public func withIdentityBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        utf8.withContiguousStorageIfAvailable { body(UnsafeRawBufferPointer($0)) }
    }
}

#if canImport(FoundationEssentials) || canImport(Foundation)
/// A `UUID` gives its 16 bytes; `==` on UUIDs is byte equality.
extension UUID: IdentityBytes {
    /// - Complexity: O(1), the 16 bytes copied to the stack.
    @inlinable
    public func withIdentityBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        withUnsafeBytes(of: uuid) { body($0) }
    }
}
#endif
