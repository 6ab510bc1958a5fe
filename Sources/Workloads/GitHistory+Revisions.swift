import Foundation

/// `--from-git REPO --file PATH --rev A --rev B …`: one file at named
/// revisions (tags, branches, commits), each pair of consecutive revisions a
/// dataset. The revisions need no history in common: the mirrors' release
/// tags are separate root commits, which `--file` alone (the file's log)
/// cannot pair.
extension GitHistory {
    /// A revision as the user named it and the commit git resolved it to.
    public struct Revision: Sendable, Hashable {
        /// What was given after `--rev` (a tag, branch or commit).
        public var name: String
        /// The full commit id.
        public var commit: String

        /// The name a dataset records: the given name, or the commit's first
        /// 12 hex digits when the name was (a prefix of) the commit id itself.
        public var label: String {
            commit.hasPrefix(name.lowercased()) ? String(commit.prefix(12)) : name
        }
    }

    /// `name` resolved to a commit, or a refusal naming it. A name that
    /// starts with `-` is refused before git sees it (it would be an option).
    /// One git call.
    public static func revision(repository: String, name: String) throws(ImportError) -> Revision {
        guard !name.isEmpty, !name.hasPrefix("-") else {
            throw ImportError(description: "--rev \"\(name)\": not a revision (a tag, branch or commit)")
        }
        let hash = (try? text(git(repository, ["rev-parse", "--verify", "--quiet", "--end-of-options", name + "^{commit}"])))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !hash.isEmpty else {
            throw ImportError(
                description: "\(repository): --rev \(name) is not a commit, tag or branch of this repository "
                    + "(`git -C \(repository) tag` lists its tags)")
        }
        return Revision(name: name, commit: hash)
    }

    /// One dataset per pair of consecutive `revisions` (at least two) of
    /// `file`: workload `git`, size = the old version's line count,
    /// parameters: the file, both revisions' labels (``Revision/label``) and
    /// `unit=lines`, with git's hunks for the pair. Every revision is
    /// resolved, and the file found at each, before anything is read: a
    /// refusal names the revision or the path that is missing, and a path
    /// that is a folder is refused. O(total lines) plus three git calls per
    /// revision.
    public static func datasets(
        repository: String, file: String, revisions names: [String], maxBytes: Int = defaultMaxBytes
    ) throws(ImportError) -> Import {
        guard names.count >= 2 else {
            throw ImportError(description: "--rev needs at least two revisions to compare (e.g. --rev 1.0 --rev 1.1)")
        }
        var revisions: [Revision] = []
        for name in names { revisions.append(try revision(repository: repository, name: name)) }
        var versions: [(revision: Revision, blob: String, lines: [String])] = []
        for revision in revisions {
            guard let (blob, lines) = try version(
                repository: repository, commit: revision.commit, file: file, maxBytes: maxBytes, shownAs: revision.name)
            else {
                throw ImportError(description: "\(repository): no such file at \(revision.name): \(file)")
            }
            versions.append((revision, blob, lines))
        }
        var result = Import(datasets: [], notes: [])
        for (old, new) in zip(versions, versions.dropFirst()) {
            var made = dataset(
                old: old.lines, new: new.lines,
                parameters: ["file": file, "from": old.revision.label, "to": new.revision.label, "unit": "lines"])
            made.gitHunks = try hunkHeaders(repository: repository, old: old.blob, new: new.blob)
            if old.blob == new.blob {
                result.notes.append("\(file) is the same at \(old.revision.name) and \(new.revision.name): that pair has nothing to diff")
            }
            result.datasets.append(made)
        }
        return result
    }
}
