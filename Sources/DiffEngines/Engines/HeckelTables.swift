/// Heckel's scratch tables, owned: the symbol table (NC, OC and OLNO per
/// symbol), OA per old item, and the pass that linked each new item, in one
/// allocation freed with the owner.
///
/// Why an owned type: the passes are tight loops over these tables, and as
/// Swift arrays each pass had to open every one of them with a nested
/// `withUnsafe…` closure to loop without bounds and uniqueness checks
/// (seven deep in pass 3). Here they are plain buffers, valid as long as the
/// tables are. ``HeckelPasses`` keeps value semantics by copying the tables
/// before a pass writes to tables another copy still shares (copy on
/// write, what the teaching trace's saved states need); the engine's own
/// passes never share them, so never copy.
///
/// - Complexity: O(symbols + old items + recorded new items) to create or copy.
final class HeckelTables: @unchecked Sendable {
    /// Symbol table: occurrences in the new list (NC) and in the old list
    /// (OC), each saturating at 2 ("many").
    let newCount: UnsafeMutableBufferPointer<UInt8>
    let oldCount: UnsafeMutableBufferPointer<UInt8>
    /// Symbol table: the old line number (OLNO) of the symbol's last old occurrence.
    let oldLine: UnsafeMutableBufferPointer<Int32>
    /// OA: for each old index, the matched new index, or -1.
    let oa: UnsafeMutableBufferPointer<Int32>
    /// The pass that linked each new index (3, 4 or 5), 0 when unlinked;
    /// empty unless the passes record it.
    let linkedByPass: UnsafeMutableBufferPointer<UInt8>
    /// The one allocation the tables live in (the 32-bit tables first, so
    /// every table is aligned).
    private let storage: UnsafeMutableRawPointer

    /// Tables for `symbols` symbols and `oldItems` old items, recording the
    /// linking pass of `recordedItems` new items (0 when not recording):
    /// counts 0, lines and OA -1.
    init(symbols: Int, oldItems: Int, recordedItems: Int) {
        let words = symbols &+ oldItems
        let bytes = words &* 4 &+ symbols &* 2 &+ recordedItems
        storage = .allocate(byteCount: max(bytes, 1), alignment: 4)
        let lines = storage.bindMemory(to: Int32.self, capacity: words)
        oldLine = UnsafeMutableBufferPointer(start: lines, count: symbols)
        oa = UnsafeMutableBufferPointer(start: lines + symbols, count: oldItems)
        let counts = (storage + words &* 4).bindMemory(to: UInt8.self, capacity: symbols &* 2 &+ recordedItems)
        newCount = UnsafeMutableBufferPointer(start: counts, count: symbols)
        oldCount = UnsafeMutableBufferPointer(start: counts + symbols, count: symbols)
        linkedByPass = UnsafeMutableBufferPointer(start: counts + symbols &* 2, count: recordedItems)
        lines.initialize(repeating: -1, count: words)
        counts.initialize(repeating: 0, count: symbols &* 2 &+ recordedItems)
    }

    /// A copy of every table, for a writer that shares these.
    func copy() -> HeckelTables {
        let copy = HeckelTables(symbols: oldLine.count, oldItems: oa.count, recordedItems: linkedByPass.count)
        _ = copy.oldLine.update(fromContentsOf: oldLine)
        _ = copy.oa.update(fromContentsOf: oa)
        _ = copy.newCount.update(fromContentsOf: newCount)
        _ = copy.oldCount.update(fromContentsOf: oldCount)
        _ = copy.linkedByPass.update(fromContentsOf: linkedByPass)
        return copy
    }

    deinit { storage.deallocate() }
}
