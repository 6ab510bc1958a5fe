/// How an engine sees an element: an identity to match old against new, and a
/// content comparison that turns a match into an update when it differs.
///
/// `Identifiable & Equatable` elements use `id` and `==` (see
/// ``IdentifiedElements``); plain `Hashable` values are their own identity and
/// never produce updates (see ``ValueElements``). Both are tiny value types so
/// that the generic entry points specialize when called from another module.
public protocol ElementIdentity {
    associatedtype Element
    associatedtype ID: Hashable
    func id(of element: Element) -> ID
    func hasSameContent(_ lhs: Element, _ rhs: Element) -> Bool
    /// False when content can never differ for equal ids (lets engines skip
    /// the content pass entirely).
    var contentCanDiffer: Bool { get }
}
