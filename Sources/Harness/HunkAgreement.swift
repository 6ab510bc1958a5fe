import DiffEngines
import InputFiles
import Workloads

/// Readability measured against git: the share of changed files whose
/// unified-diff hunks (the `@@ -a,b +c,d @@` headers at three lines of
/// context) are exactly those of `git diff --histogram --indent-heuristic`
/// on the same pair, per engine and slider policy.
///
/// Equal hunk headers mean a reader sees the same hunks: the same lines
/// changed at the same places, sliders included. It does not ask for the
/// same edit script inside a hunk. git runs as a child process with an
/// argument list (blob ids, never file names), so a file name cannot become
/// a command.
public struct HunkAgreement: Sendable {
    /// One engine × policy figure.
    public struct Cell: Sendable, Hashable {
        public var engine: String
        public var policy: SliderPolicy
        /// Files whose hunks equal git's.
        public var agreeing = 0
        /// Files the engine diffed (refused ones are not counted).
        public var files = 0
        /// Files the engine refused (over the time budget, repeated ids for set).
        public var refused = 0
        /// The files whose hunks differ from git's, in the range's order.
        public var disagreeing: [String] = []
        /// The fault a plug-in's worker met, and on which file: the engine
        /// is not called on the files after it (a stalled plug-in would
        /// cost its time limit on each), so the counts stop there.
        public var failure: Failure?

        /// `agreeing / files`, nil when no file was diffed.
        public var share: Double? { files == 0 ? nil : Double(agreeing) / Double(files) }
    }

    /// A plug-in's worker fault on one file (``Cell/failure``).
    public struct Failure: Sendable, Hashable {
        public var fault: EngineCall.Fault
        public var file: String
    }

    /// What one engine's call on one file came to.
    public enum Answer {
        case changeset(Changeset)
        /// Not made (predicted over the time budget) or refused by the engine (repeated ids for set).
        case refused
        /// A plug-in's worker met a fault.
        case failed(EngineCall.Fault)
    }

    public var cells: [Cell]
    /// Files compared (changed text files of the range).
    public var files: Int
    /// What the import left out, one line each.
    public var notes: [String]

    /// The hunk headers of a unified diff text, in order (`-a,b +c,d`, the
    /// part between the two `@@`). O(text).
    public static func headers(_ unified: some StringProtocol) -> [String] { UnifiedDiff.hunkHeaders(unified) }

    /// Our hunk headers for `changeset` on a pair of texts, as `diff
    /// --format unified` writes them. O(N + M).
    public static func headers(_ changeset: Changeset, old: TextLines, new: TextLines) -> [String] {
        UnifiedDiff.hunkHeaders(changeset, old: old, new: new)
    }

    /// Measures every engine of `engines` under every policy of
    /// `policies` on the changed text files of `range` in `repository`.
    /// `call` makes an engine's call on a pair, or says why not (a time
    /// prediction); the command makes a plug-in's in a worker. An engine
    /// whose worker met a fault is called on no later file. Throws
    /// ``GitHistory/ImportError`` when git cannot read the range, and what
    /// `call` throws.
    /// O(files × engines × engine cost), plus one git diff per file.
    public static func measure(
        repository: String, range: String, maxBytes: Int, engines: [EngineDescriptor], policies: [SliderPolicy],
        call: (EngineDescriptor, UserLists) throws -> Answer,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> HunkAgreement {
        let (pairs, notes) = try GitHistory.rangePairs(repository: repository, range: range, maxBytes: maxBytes)
        var cells = engines.flatMap { engine in policies.map { Cell(engine: engine.name.rawValue, policy: $0) } }
        var failed = Set<Int>()
        for (index, pair) in pairs.enumerated() {
            progress(index, pairs.count)
            guard let oldBlob = pair.file.oldBlob, let newBlob = pair.file.newBlob else { continue }
            let expected = headers(String(decoding: try GitHistory.histogramDiff(repository: repository, old: oldBlob, new: newBlob), as: UTF8.self))
            let oldLines = pair.old.strings(), newLines = pair.new.strings()
            let lists = UserLists.lines(oldLines, newLines)
            for (e, engine) in engines.enumerated() where !failed.contains(e) {
                let changeset: Changeset?
                switch try call(engine, lists) {
                case let .changeset(answer): changeset = answer
                case .refused: changeset = nil
                case let .failed(fault):
                    failed.insert(e)
                    for p in policies.indices { cells[e * policies.count + p].failure = Failure(fault: fault, file: pair.file.name) }
                    continue
                }
                for (p, policy) in policies.enumerated() {
                    let k = e * policies.count + p
                    guard let changeset else { cells[k].refused += 1; continue }
                    let placed = changeset.placingSliders(policy, oldLines: oldLines, newLines: newLines)
                    cells[k].files += 1
                    if headers(placed, old: pair.old, new: pair.new) == expected {
                        cells[k].agreeing += 1
                    } else {
                        cells[k].disagreeing.append(pair.file.name)
                    }
                }
            }
        }
        progress(pairs.count, pairs.count)
        return HunkAgreement(cells: cells, files: pairs.count, notes: notes)
    }
}
