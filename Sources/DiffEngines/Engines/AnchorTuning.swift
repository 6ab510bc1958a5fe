/// The fixed knobs of the anchor engine, measured on the benchmark's
/// workloads (see `Guides/Anchor.md`).
enum AnchorTuning {
    /// Gap levels anchored at most; deeper gaps go to the exact table when
    /// small, to the k-th pairing otherwise. Bounds the time to a constant
    /// number of passes even when every level finds a single anchor.
    static let maxDepth = 12
    /// A gap whose shorter side has at most this many items is solved
    /// exactly, bit-parallel in one 64-bit word per item of the longer side:
    /// linear in the gap.
    static let exactShorterSide = 64
    /// A run of `k` ids is long enough when distinct-ids^k ≥ this × the gap
    /// length: a given run is then expected to recur by chance at most
    /// 1 / this times in the gap. Measured on `duplicates@10000`: 2 (k = 5)
    /// gives 1,007 steps, 4 (k = 6) 1,024, in the same time; a longer run is
    /// more often broken by an edit.
    static let uniquenessFactor = 2
    /// Longest run of ids tried.
    static let maxRunLength = 32
    /// A gap left without anchors gets a Myers search of at most this many
    /// diagonal cells per item of the gap before its items are paired k-th
    /// with k-th: enough for a shortest script of D edits while D²/2 ≲ this
    /// × (n + m) (D up to about 180 on a gap or window of 2,048 + 2,048),
    /// and the search stays linear in the gap where D is larger. 16 found
    /// the same answers on every workload and cost `text` about 20 % more
    /// time (searches that give up).
    static let searchCellsPerItem = 4
    /// Old items per window of a long gap's search (``AnchorWork/matchByWindows(_:)``):
    /// long enough that a window's forced corner rarely costs an edit, short
    /// enough that a window's edits stay few.
    static let searchWindow = 1 << 10
    /// A gap of at least this many items (both sides) is first walked by
    /// ``AnchorWork/repairSparseEdits(_:)``: a search that gives up costs
    /// at most (``repairEdits`` + 1)² cells, under one cell per item here.
    /// At 512, 3 of the 400 random pairs of `stepsStayNearTheLCSDistance`
    /// (300 items over 1–12 ids, 25 % edits and block moves) went past
    /// 1.5× the LCS distance (90 steps for 49); their gaps are smaller than this.
    static let repairItems = 1_024
    /// Edits one repair search tries before it gives up. Measured on
    /// `periodic` (1 % edits): breaks need 1–6; 16 leaves room for a few
    /// edits close together.
    static let repairEdits = 16
    /// Common ids after a break that end a repair search: the run a repair
    /// must reach. A chance run of 16 equal ids on a wrong alignment is rare
    /// even on 8 ids (8⁻¹⁶), and a periodic list's wrong alignment costs a
    /// period of edits more than the right one.
    static let repairRun = 16
}
