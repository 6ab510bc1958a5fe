/// Elements identified by a key path and nothing else: for element types that
/// are not `Equatable`, or when content changes are not wanted as updates.
/// Items with the same id are the same item and never an update.
///
/// - Complexity: O(1) per id read, as for ``KeyPathElements``.
public struct KeyPathIDOnlyElements<Element, ID: Hashable>: ElementIdentity {
    /// The key path of the identity.
    public let keyPath: KeyPath<Element, ID>
    @usableFromInline let reader: KeyPathReader<Element, ID>

    /// Identity at `keyPath`; content is never compared.
    @inlinable
    public init(_ keyPath: KeyPath<Element, ID>) {
        self.keyPath = keyPath
        self.reader = KeyPathReader(keyPath)
    }

    @inlinable @inline(__always)
    public func id(of element: Element) -> ID { reader.read(element) }

    @inlinable @inline(__always)
    public func hasSameContent(_ lhs: Element, _ rhs: Element) -> Bool { true }

    @inlinable public var contentCanDiffer: Bool { false }
}
