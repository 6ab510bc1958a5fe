import Foundation

/// The reports folder as the dashboard serves it: its run folders (a folder
/// holding `results.json`, one or two levels down, as `run` and `bench-ci`
/// write them) and `history/`; nothing else is read.
///
/// Every file is checked after links are resolved (`realpath`): it must
/// lie inside the folder of a listed run (or `history/`), and that folder
/// inside the reports folder, so neither `..`, an encoded one nor a link
/// leads out.
package struct ReportsFolder: Sendable {
    /// The reports folder, links resolved.
    package let root: String

    /// One run folder.
    package struct Run: Sendable, Hashable {
        /// Its path under the reports folder, e.g. `run-2026-11-28` or `ci/current`.
        package var name: String
        /// When its results.json was last written.
        package var modified: Date
        /// Whether `run` (or `chart`) wrote its report page, index.html.
        package var hasPage: Bool
    }

    package init(_ path: String) throws(DashboardError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let resolved = ReportsFolder.realPath(path)
        else {
            throw DashboardError("--reports \(path): no such folder (make bench writes Reports/, or give the folder runs were written into)")
        }
        root = resolved
    }

    /// The run folders, newest first (by their results.json), then by name.
    /// Links are not followed (`latest` points at a run already listed), and
    /// hidden folders are skipped. O(F) for F entries in two levels.
    package func runs() -> [Run] {
        var found: [Run] = []
        for first in entries(of: root) {
            if let run = run(at: [first]) { found.append(run); continue }
            for second in entries(of: root + "/" + first) {
                if let run = run(at: [first, second]) { found.append(run) }
            }
        }
        return found.sorted { ($0.modified, $1.name) > ($1.modified, $0.name) }
    }

    /// The run `latest` points at, if it is a link to a listed run.
    package func latestRunName(among runs: [Run]) -> String? {
        guard let target = ReportsFolder.realPath(root + "/latest") else { return nil }
        return runs.first { ReportsFolder.realPath(root + "/" + $0.name) == target }?.name
    }

    /// The file a request names under a run folder (`segments` decoded by
    /// ``RequestPath``): a run folder itself gives its index.html. Throws 404
    /// for anything else missing or a folder, 403 for a path that resolves
    /// outside the runs.
    package func runFile(_ segments: [String]) throws(HTTPFailure) -> String {
        let runs = runs().map { root + "/" + $0.name }
        return try file(segments, allowedFolders: runs)
    }

    /// A file under `history/` (the trend page and what it links), or 404.
    package func historyFile(_ segments: [String]) throws(HTTPFailure) -> String {
        try file(["history"] + segments, allowedFolders: [root + "/history"])
    }

    /// Whether the history page has been written.
    package var hasHistoryPage: Bool { FileManager.default.fileExists(atPath: root + "/history/index.html") }

    /// The history store beside the runs, if there is one.
    package var historyStore: String? {
        let path = root + "/history.sqlite"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The name of the listed run (one of `listed`, from ``runs()``) whose
    /// folder `path` is, links resolved; nil when `path` is not a run folder
    /// of the reports folder (a baseline file, a run kept elsewhere).
    package func runName(at path: String, among listed: Set<String>) -> String? {
        guard let resolved = ReportsFolder.realPath(path), resolved.hasPrefix(root + "/") else { return nil }
        let name = String(resolved.dropFirst(root.count + 1))
        return listed.contains(name) ? name : nil
    }

    /// `segments` under the root, links resolved, when it lies inside one
    /// of `allowedFolders` (themselves resolved): a regular file, or such a
    /// folder itself, which gives its index.html.
    private func file(_ segments: [String], allowedFolders: [String]) throws(HTTPFailure) -> String {
        guard !segments.isEmpty else { throw .notFound() }
        let requested = root + "/" + segments.joined(separator: "/")
        guard let resolved = ReportsFolder.realPath(requested) else { throw .notFound() }
        let folders = allowedFolders.compactMap(ReportsFolder.realPath).filter { $0.hasPrefix(root + "/") }
        if folders.contains(resolved) {
            let index = resolved + "/index.html"
            guard FileManager.default.fileExists(atPath: index) else { throw .notFound("this run has no report page (index.html)") }
            return try file(segments + ["index.html"], allowedFolders: allowedFolders)
        }
        guard folders.contains(where: { resolved.hasPrefix($0 + "/") }) else { throw .forbidden() }
        guard ReportsFolder.type(of: resolved) == .typeRegular else {
            throw .notFound("no listings: only files of the runs are served")
        }
        return resolved
    }

    /// A run at `segments` under the root: a real folder (not a link) with results.json.
    private func run(at segments: [String]) -> Run? {
        let path = root + "/" + segments.joined(separator: "/")
        guard ReportsFolder.isRealFolder(path) else { return nil }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/results.json"),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        let modified = attributes[.modificationDate] as? Date ?? .distantPast
        let hasPage = FileManager.default.fileExists(atPath: path + "/index.html")
        return Run(name: segments.joined(separator: "/"), modified: modified, hasPage: hasPage)
    }

    /// The visible entries of a folder that are real folders, not links.
    private func entries(of folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") && ReportsFolder.isRealFolder(folder + "/" + $0) }.sorted()
    }

    /// A folder itself, not a link to one.
    private static func isRealFolder(_ path: String) -> Bool { type(of: path) == .typeDirectory }

    /// The type of the entry at `path` itself (a link is a link, not what it points at).
    private static func type(of path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    /// `path` with every link and `..` resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
