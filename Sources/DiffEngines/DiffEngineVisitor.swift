/// Work to do with an engine whose concrete type is known only at run time:
/// ``BuiltInEngine/visit(_:)`` calls ``visit(_:)`` with the concrete engine,
/// so generic code inside it is specialized per engine type (a Swift closure
/// cannot be generic; a visitor can).
public protocol DiffEngineVisitor {
    associatedtype Result
    associatedtype Failure: Error = Never
    func visit<E: DiffEngine>(_ engine: E) throws(Failure) -> Result
}
