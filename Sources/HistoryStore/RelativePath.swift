import Foundation

/// Paths between folders, as the store keeps a run's folder (relative to
/// the store's own folder, so the store and its runs can move together) and
/// as the history page links to it (relative to the page's folder).
package enum RelativePath {
    /// `path` as seen from `folder`, with `..` steps where needed; both are
    /// made absolute against the working directory first. Nil when the two
    /// share nothing but the root (`/tmp/…` seen from `/work/…`): an
    /// absolute path says more there. O(path length).
    package static func from(_ folder: String, to path: String) -> String? {
        let base = components(absolute(folder)), target = components(absolute(path))
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        guard common > 0 else { return nil }
        let steps = Array(repeating: "..", count: base.count - common) + target[common...]
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved (links are not followed).
    package static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [String] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(String(part))
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func components(_ absolutePath: String) -> [String] {
        absolutePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
