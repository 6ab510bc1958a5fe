// TEMPORARY while the Myers engine is being written: aligns with the LCS table.
public struct MyersEngine: DiffEngine {
    public static let name = EngineName.myers
    @inlinable public init() {}

    @inlinable
    public func diff<I: ElementIdentity>(
        from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions
    ) throws(DiffError) -> Changeset {
        try LCSEngine().diff(from: old, to: new, identity: identity, options: options)
    }
}
