/// The state of Heckel's algorithm, pass by pass, public so that the teaching
/// renderer can show the symbol table and the OA/NA arrays after each pass.
public struct HeckelPasses: Sendable {
    /// Old and new lists as symbol codes (`-1`: an id only in the new list).
    public let oldCodes: [Int32]
    public let newCodes: [Int32]
    /// The symbol table, OA and the linking passes (copied on write).
    private var tables: HeckelTables
    /// Symbol table: occurrences in the old list (saturating at 2, "many").
    public var oldCount: [UInt8] { Array(tables.oldCount) }
    /// Symbol table: occurrences in the new list (saturating at 2, "many").
    public var newCount: [UInt8] { Array(tables.newCount) }
    /// Symbol table: the old line number (OLNO) of the symbol's last old occurrence.
    public var oldLine: [Int32] { Array(tables.oldLine) }
    /// OA: for each old index, the matched new index, or -1 (still a symbol reference).
    public var oa: [Int32] { Array(tables.oa) }
    /// NA: for each new index, the matched old index, or -1. An array, not
    /// one of the tables: it is the answer's `newToOld`, handed on uncopied.
    public private(set) var na: [Int32]
    /// Passes run so far (0 to 6).
    public private(set) var passesRun = 0
    /// The pass that linked each new index (3, 4 or 5), 0 when unlinked;
    /// empty unless the passes were created with `recordingPasses` (the
    /// engine does not pay for what only the teaching pictures show).
    public var linkedByPass: [UInt8] { Array(tables.linkedByPass) }
    let recordsPasses: Bool
    /// Whether some symbol occurs more than once in either list (set by
    /// passes 1 and 2). Without one, passes 4 and 5 can link nothing: an item
    /// left unlinked after pass 3 is then an id only in the new list (code
    /// -1, equal to no old code), or an old item whose id is gone. So they
    /// are skipped, which saves two passes on every list with unique ids.
    var sawRepeat = false
    /// Whether every old id is unique (the coding pass saw no repeat): then
    /// old item i has code i, and pass 2's table is known before it runs.
    let oldIsUnique: Bool

    public init(codes: IdentityCodes, recordingPasses: Bool = false) {
        oldCodes = codes.old
        newCodes = codes.new
        let symbols = codes.symbolCount
        oldIsUnique = codes.firstOldDuplicate == nil && symbols == codes.old.count
        tables = HeckelTables(
            symbols: symbols, oldItems: codes.old.count, recordedItems: recordingPasses ? codes.new.count : 0)
        na = [Int32](repeating: -1, count: codes.new.count)
        recordsPasses = recordingPasses
    }

    /// The tables, for a pass that writes them: copied first when another
    /// value still shares them. O(1) when unshared.
    private mutating func writableTables() -> HeckelTables {
        if !isKnownUniquelyReferenced(&tables) { tables = tables.copy() }
        return tables
    }

    /// Runs the passes not yet run, up to and including `pass`.
    public mutating func run(through pass: Int) {
        while passesRun < min(pass, 5) {
            switch passesRun {
            case 0: countNew()
            case 1: countOld()
            case 2: linkUniques()
            case 3: extendForward()
            default: extendBackward()
            }
            passesRun += 1
        }
        if pass >= 6 { passesRun = 6 }
    }

    public mutating func runAll() { run(through: 6) }

    /// Pass 1: count each symbol's occurrences in the new list.
    mutating func countNew() {
        let counts = writableTables().newCount
        let seen = newCodes.withUnsafeBufferPointer { codes in
            HeckelPasses.count(codes, into: counts, skippingAbsent: true) { _, _ in }
        }
        sawRepeat = sawRepeat || seen != 0
    }

    /// Pass 2: count each symbol's occurrences in the old list and note its line.
    ///
    /// With unique old ids (code i at old index i) the table is written
    /// without reading the codes: every count is 1 and symbol i's line is i.
    mutating func countOld() {
        let tables = writableTables()
        let counts = tables.oldCount, lines = tables.oldLine
        if oldIsUnique {
            for c in 0..<counts.count {
                counts[c] = 1
                lines[c] = Int32(truncatingIfNeeded: c)
            }
            return
        }
        let seen = oldCodes.withUnsafeBufferPointer { codes in
            HeckelPasses.count(codes, into: counts, skippingAbsent: false) { i, c in lines[c] = Int32(truncatingIfNeeded: i) }
        }
        sawRepeat = sawRepeat || seen != 0
    }

    /// Passes 1 and 2: counts each code of `codes` into `counts`, saturating
    /// at 2 ("many"), and calls `each(item, code)` on every counted item.
    /// With `skippingAbsent`, negative codes (new items whose id is not in
    /// the old list) are skipped; old codes are never negative, and testing
    /// them anyway cost pass 2 up to 2 % of heckel's instructions on
    /// `text@1000`. Returns the OR of the counts met before each increment:
    /// nonzero when a symbol repeats.
    ///
    /// The count saturates by arithmetic (`_saturatingIncrement`), not
    /// by a branch: where ids repeat (text) whether a count is already 2 is
    /// a coin flip, and callgrind's branch model charged about 3,000
    /// mispredictions to that test on `text@10000` (each pass 1 and 2).
    /// Except where a few symbols fill the list (under one symbol per four
    /// items: `duplicates`): there the counts are soon all 2, the branch is
    /// always right, and a store per item would chain every item to the
    /// last store to its counter (measured: heckel ÷ floor on
    /// `duplicates@10000` 0.325 → 0.335 with the store).
    @inline(__always)
    static func count(
        _ codes: UnsafeBufferPointer<Int32>, into counts: UnsafeMutableBufferPointer<UInt8>, skippingAbsent: Bool,
        each: (_ item: Int, _ code: Int) -> Void
    ) -> UInt8 {
        var seen: UInt8 = 0
        if counts.count &* 4 < codes.count {
            for i in 0..<codes.count where !skippingAbsent || codes[i] >= 0 {
                let c = Int(codes[i])
                let count = counts[c]
                seen |= count
                if count < 2 { counts[c] = count &+ 1 }
                each(i, c)
            }
        } else {
            for i in 0..<codes.count where !skippingAbsent || codes[i] >= 0 {
                let c = Int(codes[i])
                let count = counts[c]
                seen |= count
                counts[c] = _saturatingIncrement(count)
                each(i, c)
            }
        }
        return seen
    }

    /// Pass 3: a symbol that occurs exactly once in each list links its two
    /// occurrences: they must be the same item.
    ///
    /// Kept as a branch: written without one (every item rewriting its NA
    /// and OA entries) it took about 27 instructions an item instead of 15,
    /// and the compiler put a branch back in, so it saved no misprediction.
    mutating func linkUniques() {
        let record = recordsPasses
        let tables = writableTables()
        let newCount = tables.newCount, oldCount = tables.oldCount, oldLine = tables.oldLine
        let oa = tables.oa, by = tables.linkedByPass
        newCodes.withUnsafeBufferPointer { codes in
            na.withUnsafeMutableBufferPointer { na in
                for j in 0..<codes.count {
                    let c = Int(codes[j])
                    // Counts are 0, 1 or 2 ("many"): both are 1 exactly
                    // when their AND is (one branch, not two).
                    if c >= 0, newCount[c] & oldCount[c] == 1 {
                        let i = oldLine[c]
                        na[j] = i
                        oa[Int(i)] = Int32(truncatingIfNeeded: j)
                        if record { by[j] = 3 }
                    }
                }
            }
        }
    }

    /// Pass 4: walking forward, an item right after a linked pair is linked to
    /// its counterpart when both are unlinked and have the same symbol.
    mutating func extendForward() {
        guard sawRepeat else { return }
        let oldCodes = self.oldCodes, record = recordsPasses
        let tables = writableTables()
        let oa = tables.oa, by = tables.linkedByPass
        newCodes.withUnsafeBufferPointer { newCodes in
            na.withUnsafeMutableBufferPointer { na in
                var j = 0
                while j < na.count - 1 {
                    let i = Int(na[j])
                    if i >= 0, i + 1 < oa.count, na[j + 1] < 0, oa[i + 1] < 0,
                        newCodes[j + 1] == oldCodes[i + 1]
                    {
                        na[j + 1] = Int32(i + 1)
                        oa[i + 1] = Int32(j + 1)
                        if record { by[j + 1] = 4 }
                    }
                    j += 1
                }
            }
        }
    }

    /// Pass 5: the same walking backward, linking the item right before a pair.
    mutating func extendBackward() {
        guard sawRepeat else { return }
        let oldCodes = self.oldCodes, record = recordsPasses
        let tables = writableTables()
        let oa = tables.oa, by = tables.linkedByPass
        newCodes.withUnsafeBufferPointer { newCodes in
            na.withUnsafeMutableBufferPointer { na in
                var j = na.count - 1
                while j > 0 {
                    let i = Int(na[j])
                    if i > 0, na[j - 1] < 0, oa[i - 1] < 0, newCodes[j - 1] == oldCodes[i - 1] {
                        na[j - 1] = Int32(i - 1)
                        oa[i - 1] = Int32(j - 1)
                        if record { by[j - 1] = 5 }
                    }
                    j -= 1
                }
            }
        }
    }

    /// Pass 6: read the changes off OA and NA. Unlinked old items are deletes,
    /// unlinked new items inserts. For moves, a cursor walks the old kept
    /// items in order while the new list is read front to back: a linked item
    /// that is the one under the cursor stays (the cursor advances), any other
    /// linked item is a move (and the cursor skips it later). Linear, and one
    /// move for an item taken from anywhere to the front, though an item sent
    /// backwards makes the items it passes move instead (the `set` engine
    /// and `minimizeMoves` give the fewest).
    ///
    /// The deletes and inserts are gathered without branches on the data
    /// (every index is written, the end advances only past the unlinked
    /// ones), and an insert is a step of the move walk that changes nothing,
    /// so neither scattered deletes nor scattered inserts cost a mispredicted
    /// branch each (`feed`, whose changes are scattered, paid them).
    ///
    /// The moves are marked in a first pass (`consumed[i]`: old item i
    /// moved) and written in a second into an array of their exact count:
    /// appending them one by one doubled the array's capacity as it grew,
    /// and on a reshuffled list, where nearly every item moves (16 bytes a
    /// move), the old and new buffers of the last doubling were the peak of
    /// the whole call.
    @usableFromInline
    func matching() -> Matching {
        var moveCount = 0
        // The first and last new index that is a move: the second pass reads
        // only that range (a few bumped items read a few items, not the list).
        var firstMove = 0, lastMove = -1
        let oa = UnsafeBufferPointer(tables.oa)
        var consumed = [Bool](repeating: false, count: oa.count)
        let deletes = _selectedIndices(count: oa.count) { _negativeBit(oa[$0]) }
        let inserts = na.withUnsafeBufferPointer { na in _selectedIndices(count: na.count) { _negativeBit(na[$0]) } }
        do {
            na.withUnsafeBufferPointer { na in
                consumed.withUnsafeMutableBufferPointer { consumed in
                    var cursor = 0
                    for j in 0..<na.count {
                        let i = Int(na[j])
                        while cursor < oa.count && (oa[cursor] < 0 || consumed[cursor]) { cursor += 1 }
                        // An insert (i == -1) neither stays nor moves; the
                        // cursor may skip ahead for it as it would for the
                        // next linked item anyway.
                        let stays = i == cursor
                        let moved = i >= 0 && !stays
                        cursor &+= Int(truncatingIfNeeded: unsafeBitCast(stays, to: UInt8.self))
                        if moved {
                            consumed[i] = true
                            if moveCount == 0 { firstMove = j }
                            lastMove = j
                            moveCount &+= 1
                        }
                    }
                }
            }
        }
        var moves: [Changeset.Move] = []
        if moveCount > 0 {
            // Each old item is linked to one new item at most, so a consumed
            // old item names its move.
            moves = na.withUnsafeBufferPointer { na in
                consumed.withUnsafeBufferPointer { consumed in
                    [Changeset.Move](unsafeUninitializedCapacity: moveCount) { buffer, initialized in
                        var end = 0
                        for j in firstMove...lastMove {
                            let i = Int(na[j])
                            if i >= 0, consumed[i] {
                                buffer[end] = Changeset.Move(from: i, to: j)
                                end &+= 1
                            }
                        }
                        initialized = end
                    }
                }
            }
        }
        return Matching(newToOld: na, deletes: deletes, inserts: inserts, moves: moves)
    }
}
