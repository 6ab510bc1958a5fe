/// `Identifiable & Equatable` elements: same `id` is the same item; same `id`
/// with `!=` content is an update.
public struct IdentifiedElements<Element: Identifiable & Equatable>: ElementIdentity {
    @inlinable public init() {}
    @inlinable public func id(of element: Element) -> Element.ID { element.id }
    @inlinable public func hasSameContent(_ lhs: Element, _ rhs: Element) -> Bool { lhs == rhs }
    @inlinable public var contentCanDiffer: Bool { true }
}
