/// Knobs shared by every engine.
public struct DiffOptions: Hashable, Sendable {
    /// Pair a deleted and an inserted item with the same id into a move
    /// (`lcs`, `myers`, `stdlib`; `heckel` and `set` always report moves).
    public var inferMoves: Bool
    /// Re-partition the matched items so that the moves are the fewest
    /// possible (``Changeset/minimizingMoves(oldCount:newCount:)``).
    public var minimizeMoves: Bool
    /// Most bytes the `lcs` memo table may take before the engine refuses.
    public var lcsMemoryBudget: Int
    /// A bound on the search work of the engines that are not linear: the
    /// most cells their searches may visit in one diff (diagonal cells of a
    /// Myers search in `myers`, `patience`, `histogram` and `anchor`'s gap
    /// fill; table cells in `lcs`), or nil
    /// for no bound. Past it the search stops and every region still open is
    /// finished coarsely (its common ends matched, the rest deleted and
    /// inserted, moves paired as usual): the answer is a valid changeset
    /// that may not be the shortest, marked ``Changeset/isApproximate``.
    ///
    /// Why a count beside ``deadline``: a count gives the same answer on
    /// every machine. A search step costs a few nanoseconds, so 10⁸ cells
    /// is a bound of the order of a second.
    public var costLimit: Int?
    /// A bound on the time one diff may search, from the start of the call,
    /// or nil for none: honoured by every engine that is not linear
    /// (`lcs`, `myers`, `patience`, `histogram`, and the minimal fill of
    /// `anchor`'s gaps). Past it the engine finishes as past
    /// ``costLimit``: a valid changeset, possibly not the shortest, marked
    /// ``Changeset/isApproximate``. `stdlib` (the standard library's search,
    /// which takes no bound) and the linear engines ignore it.
    ///
    /// The clock (`ContinuousClock`) is read every few thousand cells, never
    /// per cell, and only when a deadline is set; the answer then depends on
    /// the machine's speed, which a ``costLimit`` does not. The overrun is
    /// one search step or about 30 µs, whichever is longer, plus the linear
    /// work to finish (O(N + M)).
    public var deadline: Duration?

    /// 256 MiB: a 10,000 × 10,000 table of 16-bit cells (≈ 191 MiB) fits.
    public static let defaultLCSMemoryBudget = 256 << 20

    public init(
        inferMoves: Bool = true, minimizeMoves: Bool = false, lcsMemoryBudget: Int = DiffOptions.defaultLCSMemoryBudget,
        costLimit: Int? = nil, deadline: Duration? = nil
    ) {
        self.inferMoves = inferMoves
        self.minimizeMoves = minimizeMoves
        self.lcsMemoryBudget = lcsMemoryBudget
        self.costLimit = costLimit
        self.deadline = deadline
    }

    public static let `default` = DiffOptions()
}
