import Foundation
import RunResults

/// A section other parts of diffbench add to the report page: a title, a
/// paragraph, and links to files in the run folder. The page places these
/// between the markers `diffbench:extra-sections:begin` and `…:end` (HTML
/// and Markdown comments), after the built-in sections.
///
/// Links are paths relative to the run folder; a link whose file does not
/// exist when the page is written is dropped, so the page never points at
/// nothing.
package struct ReportSection: Hashable, Sendable, Codable {
    package struct Link: Hashable, Sendable, Codable {
        package var label: String
        /// Relative to the run folder, `/`-separated.
        package var path: String
        package init(label: String, path: String) {
            self.label = label
            self.path = path
        }
    }

    package var title: String
    package var text: String
    package var links: [Link]

    package init(title: String, text: String, links: [Link]) {
        self.title = title
        self.text = text
        self.links = links
    }

    /// Folders the runner may leave in a run folder, with what they hold.
    static let knownFolders: [(folder: String, title: String, text: String)] = [
        (
            RunFolder.Entry.memo.rawValue, "Memoization tables",
            "Dumps of the lcs engine's memoization table (the LCS lengths every cell holds) for the run's small cases, written by the runner."
        )
    ]

    /// Sections for the known folders present in the run folder: a link to
    /// the folder's `index.md` (and `index.html`) when it has one, otherwise
    /// to each file in it (sorted; at most 50 listed). O(files in the folders).
    package static func discovered(in runDirectory: String) -> [ReportSection] {
        var sections: [ReportSection] = []
        let manager = FileManager.default
        for known in knownFolders {
            var isDirectory: ObjCBool = false
            let folder = runDirectory + "/" + known.folder
            guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            var links: [Link] = []
            let indexes = RunFolder.pages.map(\.rawValue).filter { manager.fileExists(atPath: folder + "/" + $0) }
            if !indexes.isEmpty {
                links = indexes.map { Link(label: "\(known.folder)/\($0)", path: "\(known.folder)/\($0)") }
            } else {
                let files = ((try? manager.subpathsOfDirectory(atPath: folder)) ?? []).filter { path in
                    var isFolder: ObjCBool = false
                    return !path.split(separator: "/").contains { $0.hasPrefix(".") }
                        && manager.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
                }.sorted()
                links = files.prefix(50).map { Link(label: "\(known.folder)/\($0)", path: "\(known.folder)/\($0)") }
                if files.count > 50 {
                    sections.append(
                        ReportSection(
                            title: known.title, text: known.text + " The folder holds \(files.count) files; the first 50 are listed.",
                            links: links))
                    continue
                }
            }
            sections.append(ReportSection(title: known.title, text: known.text, links: links))
        }
        return sections
    }

    /// The section with links to files that do not exist removed.
    func existing(in runDirectory: String) -> ReportSection {
        var copy = self
        copy.links = links.filter { FileManager.default.fileExists(atPath: runDirectory + "/" + $0.path) }
        return copy
    }
}
