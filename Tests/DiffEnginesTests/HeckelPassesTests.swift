import Testing

@testable import DiffEngines
import DiffBenchTestSupport

/// Heckel's passes are written without branches on the data (and pass 2 is
/// skipped when every old id is unique): they must leave exactly the table
/// and the OA/NA arrays of the passes as the 1978 paper states them, which
/// this suite writes out plainly as the reference.
@Suite struct HeckelPassesTests {
    /// Passes 1–5 as the paper states them, on codes (-1: a new-only id).
    struct Reference {
        var oldCount: [UInt8], newCount: [UInt8], oldLine: [Int32]
        var oa: [Int32], na: [Int32], linkedBy: [UInt8]

        init(_ codes: IdentityCodes) {
            let old = codes.old, new = codes.new, symbols = codes.symbolCount
            oldCount = Array(repeating: 0, count: symbols)
            newCount = Array(repeating: 0, count: symbols)
            oldLine = Array(repeating: -1, count: symbols)
            oa = Array(repeating: -1, count: old.count)
            na = Array(repeating: -1, count: new.count)
            linkedBy = Array(repeating: 0, count: new.count)
            for code in new where code >= 0 { newCount[Int(code)] = min(newCount[Int(code)] + 1, 2) }
            for (i, code) in old.enumerated() {
                oldCount[Int(code)] = min(oldCount[Int(code)] + 1, 2)
                oldLine[Int(code)] = Int32(i)
            }
            for (j, code) in new.enumerated() where code >= 0 && newCount[Int(code)] == 1 && oldCount[Int(code)] == 1 {
                link(Int(oldLine[Int(code)]), j, pass: 3)
            }
            for j in 0..<max(new.count - 1, 0) {
                let i = Int(na[j])
                if i >= 0, i + 1 < old.count, na[j + 1] < 0, oa[i + 1] < 0, new[j + 1] == old[i + 1] { link(i + 1, j + 1, pass: 4) }
            }
            for j in stride(from: new.count - 1, to: 0, by: -1) {
                let i = Int(na[j])
                if i > 0, na[j - 1] < 0, oa[i - 1] < 0, new[j - 1] == old[i - 1] { link(i - 1, j - 1, pass: 5) }
            }
        }

        mutating func link(_ i: Int, _ j: Int, pass: UInt8) {
            na[j] = Int32(i)
            oa[i] = Int32(j)
            linkedBy[j] = pass
        }
    }

    /// Random integer lists: a small alphabet (ids repeat in both lists, as
    /// lines of text do), a large one (mostly unique), and unique old ids
    /// (the skipped pass 2), each with ids only in the new list.
    @Test(arguments: 0..<3)
    func passesLeaveThePapersTables(shape: Int) {
        var random = TestRandom(seed: 1_978 &+ UInt64(shape))
        for round in 0..<300 {
            let n = random.below(60), m = random.below(60)
            let old: [Int]
            switch shape {
            case 0: old = (0..<n).map { _ in random.below(6) }
            case 1: old = (0..<n).map { _ in random.below(200) }
            default: old = Array(0..<n).shuffled(using: &random)
            }
            let alphabet = shape == 0 ? 8 : max(n + n / 4, 1)
            let new = (0..<m).map { _ in random.below(alphabet) }
            let codes = IdentityCodes(old: old, new: new, identity: ValueElements<Int>())
            let expected = Reference(codes)
            for recording in [false, true] {
                var passes = HeckelPasses(codes: codes, recordingPasses: recording)
                passes.runAll()
                let label = "shape \(shape), round \(round), recording \(recording): \(old) → \(new)"
                #expect(passes.oldCount == expected.oldCount, "\(label): old counts")
                #expect(passes.newCount == expected.newCount, "\(label): new counts")
                #expect(passes.oldLine == expected.oldLine, "\(label): old lines")
                #expect(passes.oa == expected.oa, "\(label): OA")
                #expect(passes.na == expected.na, "\(label): NA")
                if recording { #expect(passes.linkedByPass == expected.linkedBy, "\(label): linking passes") }
                // Pass 6 sizes its lists from the links the passes counted.
                let matching = passes.matching()
                #expect(matching.deletes == expected.oa.indices.filter { expected.oa[$0] < 0 }, "\(label): deletes")
                #expect(matching.inserts == expected.na.indices.filter { expected.na[$0] < 0 }, "\(label): inserts")
            }
        }
    }

    /// A saved state is a value: the teaching trace keeps the passes after
    /// each pass, and the later passes must not reach into a kept copy's
    /// tables (they are one owned allocation, copied on write). Checked
    /// against the reference after pass 2 (nothing linked yet) and by
    /// running the kept copy on to the end independently.
    @Test func aKeptStateIsNotChangedByLaterPasses() {
        var random = TestRandom(seed: 6)
        for round in 0..<50 {
            let n = 1 + random.below(40), m = 1 + random.below(40)
            let old = (0..<n).map { _ in random.below(12) }
            let new = (0..<m).map { _ in random.below(14) }
            let codes = IdentityCodes(old: old, new: new, identity: ValueElements<Int>())
            let expected = Reference(codes)
            var passes = HeckelPasses(codes: codes, recordingPasses: true)
            passes.run(through: 2)
            var kept = passes
            passes.run(through: 5)
            let label = "round \(round): \(old) → \(new)"
            #expect(kept.oa == Array(repeating: -1, count: n), "\(label): OA of the kept state")
            #expect(kept.linkedByPass == Array(repeating: 0, count: m), "\(label): linking passes of the kept state")
            #expect(kept.oldCount == expected.oldCount && kept.newCount == expected.newCount, "\(label): counts")
            kept.run(through: 5)
            #expect(kept.oa == expected.oa && passes.oa == expected.oa, "\(label): OA after pass 5")
            #expect(kept.na == expected.na && passes.na == expected.na, "\(label): NA after pass 5")
            #expect(kept.linkedByPass == expected.linkedBy && passes.linkedByPass == expected.linkedBy, "\(label): passes")
        }
    }
}
