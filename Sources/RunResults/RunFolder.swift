import Foundation

/// The layout of one run folder, written once: what `run` and `merge`
/// write, `chart` adds, and every reader looks for. A run folder holds
///
/// | entry | what | written by |
/// |---|---|---|
/// | `results.json`, `results.csv` | the run document and its rows | ``ResultsStore`` |
/// | `.lock` | held while a run or merge writes | ``RunFolderLock`` |
/// | `charts/` | NAME.dat, NAME.gp, NAME.png per chart | `chart` |
/// | `index.md`, `index.html` | the page | `chart` |
/// | `targets.md` | the performance targets' table | `chart` |
/// | `memo/` | dumps of the lcs memo table | `run --memo` |
/// | `inputs/` | the user's pairs as datasets | `run --old/--new`, `--from-git` |
/// | `.workers/`, `.instructions/` | the workers' scratch files | `run` |
///
/// and sits in a reports folder beside the `latest` link to the newest run.
/// A shard of a plan (`run --shard K/N`) is a run folder like any other;
/// its label is in `results.json`, not in the layout.
public struct RunFolder: Hashable, Sendable, CustomStringConvertible {
    /// The folder's path, as given (no trailing `/`).
    public let path: String

    public init(_ path: String) {
        var path = path.isEmpty ? "." : path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// The run folder a command names: the folder itself, or the folder of
    /// the results.json file given. Nil when nothing is at `path`. O(path).
    public static func named(_ path: String) -> RunFolder? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return RunFolder(isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent)
    }

    /// One entry of the layout.
    public enum Entry: String, CaseIterable, Sendable {
        case resultsJSON = "results.json"
        case resultsCSV = "results.csv"
        case lock = ".lock"
        case charts
        case markdownPage = "index.md"
        case htmlPage = "index.html"
        case targetsPage = "targets.md"
        case memo
        case inputs
        case workers = ".workers"
        case instructions = ".instructions"
    }

    /// The two files that make a folder a run.
    public static let results: [Entry] = [.resultsJSON, .resultsCSV]
    /// The page, in the order it is written and listed.
    public static let pages: [Entry] = [.markdownPage, .htmlPage]
    /// What a run makes beside its results, cleared when a run name is reused
    /// so an earlier run's charts and page never sit beside new results.
    public static let report: [Entry] = [.charts, .memo, .inputs, .markdownPage, .htmlPage, .targetsPage]

    /// The path of `entry` in this folder.
    public func path(of entry: Entry) -> String { path + "/" + entry.rawValue }

    public var resultsJSON: String { path(of: .resultsJSON) }
    public var resultsCSV: String { path(of: .resultsCSV) }
    public var lock: String { path(of: .lock) }
    public var charts: String { path(of: .charts) }
    public var memo: String { path(of: .memo) }

    /// A chart's file: `charts/NAME.EXTENSION` (dat, gp or png).
    public func chart(_ name: String, _ fileExtension: String) -> String { charts + "/" + name + "." + fileExtension }

    /// A user's pair written as a dataset: `inputs/NAME`.
    public func input(_ name: String) -> String { path(of: .inputs) + "/" + name }

    /// Whether the folder holds a run (either results file), the lock aside.
    public var holdsRun: Bool {
        Self.results.contains { FileManager.default.fileExists(atPath: path(of: $0)) }
    }

    /// The newest-run link of the reports folder `reports`.
    public static func latestLink(in reports: String) -> String { reports + "/latest" }

    public var description: String { path }
}
