/// Reads the value at a key path: from a fixed byte offset when the key path
/// names inline stored properties (``KeyPathElements`` says why), through
/// the runtime otherwise.
@usableFromInline
struct KeyPathReader<Element, ID> {
    @usableFromInline let keyPath: KeyPath<Element, ID>
    /// Byte offset of the value inside `Element`, or -1 when there is none.
    @usableFromInline let offset: Int

    @inlinable
    init(_ keyPath: KeyPath<Element, ID>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Element>.offset(of: keyPath) ?? -1
    }

    @inlinable @inline(__always)
    func read(_ element: Element) -> ID {
        if offset >= 0 {
            // `offset(of:)` promises that the value is stored, initialized,
            // at this offset of every `Element`, so loading it is a copy of it.
            let offset = self.offset
            return withUnsafePointer(to: element) {
                UnsafeRawPointer($0).load(fromByteOffset: offset, as: ID.self)
            }
        }
        return element[keyPath: keyPath]
    }
}
