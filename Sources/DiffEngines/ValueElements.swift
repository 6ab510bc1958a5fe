/// Plain `Hashable` values (strings, characters, integers): the value is its
/// own identity, so there are no updates.
public struct ValueElements<Element: Hashable>: ElementIdentity {
    @inlinable public init() {}
    @inlinable public func id(of element: Element) -> Element { element }
    @inlinable public func hasSameContent(_ lhs: Element, _ rhs: Element) -> Bool { true }
    @inlinable public var contentCanDiffer: Bool { false }
}
