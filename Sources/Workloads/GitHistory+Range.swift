import FileSupport
import Foundation
import InputFiles

/// `--from-git REPO --range A..B`: every text file that changed between two
/// commits, as one pair of versions each (git's own view: `git diff A B`,
/// renames followed).
extension GitHistory {
    /// One file changed between the two commits.
    public struct ChangedFile: Sendable, Hashable {
        /// The path at the first commit (nil: the file was added).
        public var oldPath: String?
        /// The path at the second commit (nil: the file was deleted).
        public var newPath: String?
        /// Blob ids (40 hex digits for SHA-1), nil for the missing side.
        public var oldBlob: String?
        public var newBlob: String?
        /// Whether both sides are regular files (not a link or a submodule).
        public var isRegularFile: Bool

        /// The name shown for the file: the new path, or "old → new" for a rename.
        public var name: String {
            switch (oldPath, newPath) {
            case let (old?, new?) where old != new: return "\(old) → \(new)"
            default: return newPath ?? oldPath ?? ""
            }
        }
    }

    /// One changed text file with both versions read, and the two commits.
    public struct RangePair: Sendable {
        public var file: ChangedFile
        public var old: TextLines
        public var new: TextLines
        public var from: String
        public var to: String
    }

    /// The two ends of `A..B` (each a ref git resolves to a commit, not an
    /// option), as full commit ids. O(1) git calls.
    public static func commits(repository: String, range: String) throws(ImportError) -> (from: String, to: String) {
        let parts = range.components(separatedBy: "..")
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].hasPrefix(".") else {
            throw ImportError(description: "--range \(range): expected A..B, two commits or tags (e.g. v1.0..v1.1)")
        }
        func resolve(_ ref: String) throws(ImportError) -> String {
            guard !ref.hasPrefix("-") else { throw ImportError(description: "--range \(range): \(ref) is not a commit (it starts with -)") }
            let hash = try? text(git(repository, ["rev-parse", "--verify", "--quiet", ref + "^{commit}"]))
            guard let hash = hash?.trimmingCharacters(in: .whitespacesAndNewlines), !hash.isEmpty else {
                throw ImportError(description: "\(repository): --range \(range): \(ref) is not a commit of this repository")
            }
            return hash
        }
        return (try resolve(parts[0]), try resolve(parts[1]))
    }

    /// The files that differ between two commits, in git's order, renames
    /// paired (`git diff --raw -z -M`). O(changed files) git output.
    public static func changedFiles(repository: String, from: String, to: String) throws(ImportError) -> [ChangedFile] {
        let output = try git(repository, ["diff", "--raw", "-z", "-M", "--no-abbrev", "--no-ext-diff", "--no-textconv", from, to])
        // ":oldmode newmode oldblob newblob STATUS" NUL path NUL [second path NUL for R and C]
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var files: [ChangedFile] = []
        var index = 0
        while index < fields.count, fields[index].hasPrefix(":") {
            let header = fields[index].dropFirst().split(separator: " ").map(String.init)
            guard header.count == 5, index + 1 < fields.count else {
                throw ImportError(description: "git diff --raw: unexpected output at \(fields[index])")
            }
            let status = header[4].first ?? "?"
            let twoPaths = status == "R" || status == "C"
            guard !twoPaths || index + 2 < fields.count else { throw ImportError(description: "git diff --raw: a rename without its new path") }
            let firstPath = fields[index + 1], secondPath = twoPaths ? fields[index + 2] : fields[index + 1]
            let oldBlob = header[2].allSatisfy { $0 == "0" } ? nil : header[2]
            let newBlob = header[3].allSatisfy { $0 == "0" } ? nil : header[3]
            let regular = [header[0], header[1]].allSatisfy { $0 == "000000" || $0.hasPrefix("100") }
            files.append(
                ChangedFile(
                    oldPath: status == "A" ? nil : firstPath, newPath: status == "D" ? nil : secondPath,
                    oldBlob: status == "A" ? nil : oldBlob, newBlob: status == "D" ? nil : newBlob, isRegularFile: regular))
            index += twoPaths ? 3 : 2
        }
        return files
    }

    /// git's rule for a binary file: a NUL byte among the first 8,000 bytes.
    static func looksBinary(_ bytes: [UInt8]) -> Bool { bytes.prefix(8000).contains(0) }

    /// Every changed text file of `range` with both versions read. Added
    /// and deleted files, links and submodules, binary files, versions
    /// over `maxBytes` and text that is not UTF-8 are left out, each with a
    /// note naming the file. O(changed bytes) plus two git calls per file.
    public static func rangePairs(
        repository: String, range: String, maxBytes: Int = defaultMaxBytes
    ) throws(ImportError) -> (pairs: [RangePair], notes: [String]) {
        let (from, to) = try commits(repository: repository, range: range)
        let files = try changedFiles(repository: repository, from: from, to: to)
        let sizes = try blobSizes(repository: repository, commit: from).merging(
            try blobSizes(repository: repository, commit: to)) { first, _ in first }
        var pairs: [RangePair] = [], notes: [String] = []
        for file in files {
            guard file.isRegularFile else { notes.append("\(file.name): not a regular file (a link or a submodule); skipped"); continue }
            guard let oldBlob = file.oldBlob, let newBlob = file.newBlob else {
                notes.append("\(file.name): \(file.oldBlob == nil ? "added" : "deleted") between the two commits, no version on one side; skipped")
                continue
            }
            if let size = [sizes[oldBlob] ?? 0, sizes[newBlob] ?? 0].max(), size > maxBytes {
                notes.append("\(file.name): a version is \(Formatting.grouped(size)) bytes, over --max-bytes \(Formatting.grouped(maxBytes)); skipped")
                continue
            }
            let oldBytes = try git(repository, ["cat-file", "blob", oldBlob])
            let newBytes = try git(repository, ["cat-file", "blob", newBlob])
            guard !looksBinary(oldBytes), !looksBinary(newBytes) else { notes.append("\(file.name): binary; skipped"); continue }
            do {
                let old = try TextLines.split(oldBytes, source: "\(file.oldPath ?? "") at \(from.prefix(12))")
                let new = try TextLines.split(newBytes, source: "\(file.newPath ?? "") at \(to.prefix(12))")
                pairs.append(RangePair(file: file, old: old, new: new, from: from, to: to))
            } catch {
                notes.append("\(error.description); skipped")
            }
        }
        return (pairs, notes)
    }

    /// One dataset per changed text file of `range` (see
    /// ``rangePairs(repository:range:maxBytes:)``): workload `git`, size =
    /// the old version's line count, parameters: the file (its new path),
    /// `renamed_from` for a rename, both commits (12 hex digits) and
    /// `unit=lines`; git's hunks for each pair (``Dataset/gitHunks``, one
    /// more git call per file, made here once so no case repeats it).
    /// O(changed bytes).
    public static func datasets(repository: String, range: String, maxBytes: Int = defaultMaxBytes) throws(ImportError) -> Import {
        let (pairs, notes) = try rangePairs(repository: repository, range: range, maxBytes: maxBytes)
        guard !pairs.isEmpty else {
            throw ImportError(
                description: "\(repository): no text file changed in --range \(range)"
                    + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"))
        }
        var datasets: [Dataset] = []
        for pair in pairs {
            var parameters = ["file": pair.file.newPath ?? "", "from": String(pair.from.prefix(12)), "to": String(pair.to.prefix(12)), "unit": "lines"]
            if let old = pair.file.oldPath, old != pair.file.newPath { parameters["renamed_from"] = old }
            var made = dataset(old: pair.old.strings(), new: pair.new.strings(), parameters: parameters)
            if let oldBlob = pair.file.oldBlob, let newBlob = pair.file.newBlob {
                made.gitHunks = try hunkHeaders(repository: repository, old: oldBlob, new: newBlob)
            }
            datasets.append(made)
        }
        return Import(datasets: datasets, notes: notes)
    }

    /// Blob id → size for every file of `commit` (`ls-tree -r -l -z`). O(files).
    static func blobSizes(repository: String, commit: String) throws(ImportError) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for entry in try git(repository, ["ls-tree", "-r", "-l", "-z", commit]).split(separator: 0) {
            // "mode type hash size<TAB>path"
            let fields = entry.prefix { $0 != UInt8(ascii: "\t") }.split(separator: UInt8(ascii: " "))
            guard fields.count == 4, let size = Int(String(decoding: fields[3], as: UTF8.self)) else { continue }
            sizes[String(decoding: fields[2], as: UTF8.self)] = size
        }
        return sizes
    }
}

extension GitHistory {
    /// `git diff --histogram --indent-heuristic` of two blobs at three
    /// lines of context, as bytes (the reference of ``HunkAgreement``-style
    /// readability checks). O(blob bytes) for git.
    public static func histogramDiff(repository: String, old: String, new: String) throws(ImportError) -> [UInt8] {
        try git(
            repository,
            ["diff", "--histogram", "--indent-heuristic", "--unified=3", "--inter-hunk-context=0", "--no-color", "--no-ext-diff", "--no-textconv", old, new])
    }

    /// git's hunk headers (`-a,b +c,d`) for two blobs, as a dataset's
    /// ``Dataset/gitHunks`` records them. git's lines are the dataset's
    /// (``TextLines``: a line's ending and a byte order mark are part of
    /// it), so a CRLF change or a last line gaining its break is a change
    /// for both. O(blob bytes) for git.
    public static func hunkHeaders(repository: String, old: String, new: String) throws(ImportError) -> [String] {
        UnifiedDiff.hunkHeaders(text(try histogramDiff(repository: repository, old: old, new: new)))
    }
}
