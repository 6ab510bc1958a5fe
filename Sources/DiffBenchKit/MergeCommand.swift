import ArgumentParser
import Compare
import FileSupport
import Foundation
import RunResults

/// `run --shard`'s other half: joins shard folders into one run folder.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of one plan (run --shard K/N) into one run folder.",
        discussion: """
            Each shard ran every engine and the references on its own datasets, so the \
            merged run can be compared as one (diffbench compare ci DIR). Refused (exit 2): \
            shards of another build, seed, engine list or sampling settings; shards of \
            another machine (CPU, cores, OS, Swift version, build commit) unless \
            --allow-mixed-machines; a shard label out of range, given twice or missing from \
            the set; a row in two shards or outside its shard's plan; a shard that says it is \
            complete but lacks rows of its share; an --output that is one of the inputs (by any \
            spelling or link), holds a run (unless --force), holds an input when --force would \
            clear it, or is locked by a run in progress.

            Examples (two shards of a small plan, then the whole):
              diffbench run --workloads mixed,feed --sizes 1000 --shard 1/2 --name s1
              diffbench run --workloads mixed,feed --sizes 1000 --shard 2/2 --name s2
              diffbench merge Reports/s1 Reports/s2 --output Reports/merged --force
            """
    )

    @Argument(help: "The shards: run folders or results.json files.")
    var runs: [String]

    @OptionGroup var outputFolder: OutputFolderOption<MergedRunFolder>

    /// The merged run folder as the user spelled it (``OutputFolderOption``); required.
    var output: String { outputFolder.shown ?? "" }

    @Flag(help: "Merge shards measured on different machines; each row then names its machine (results.json's machines).")
    var allowMixedMachines = false

    @Flag(help: "Clear an existing run in --output first: the run's own files only (never a folder that holds no run, nor one that holds an input).")
    var force = false

    func run() throws {
        guard !runs.isEmpty else { throw CLIFailure.badInput("merge: name at least one run") }
        guard outputFolder.shown != nil else { throw CLIFailure.badInput("merge needs --output FOLDER: the merged run's folder") }
        // Resolved once, before anything is read or written: a link planted
        // or swapped meanwhile does not move the output.
        let inputs = InputGuard(runs, role: "the runs being merged")
        let folder = try inputs.checkedFolder(output, option: "--output", writing: RunFolder.results.map(\.rawValue), clearing: force)
        var parts: [RunMerge.Part] = []
        for path in runs {
            do {
                parts.append(
                    RunMerge.Part(path: path, document: try ResultsStore.read(path), rowLocations: ResultsStore.rowLocations(path) ?? []))
            } catch {
                throw CLIFailure.badInput(error.description)
            }
        }
        let name = URL(fileURLWithPath: output).lastPathComponent
        let (document, notes): (RunDocument, [String])
        do {
            (document, notes) = try RunMerge.merge(parts, runName: name, allowMixedMachines: allowMixedMachines)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        // Held until the merged files are written: a run of the same folder cannot start meanwhile.
        let lock: RunFolderLock
        do {
            lock = try RunFolderLock(directory: folder, busyHint: "merge into another --output")
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        let earlier = try earlierRunEntries(in: folder)
        for note in notes { FileHandle.standardError.write(Data(("diffbench: merge: " + note + "\n").utf8)) }
        // The new results replace the old ones whole (renamed over them), so a
        // write that fails (a full disk) leaves the earlier run as it was.
        do throws(FileError) {
            try ResultsStore.write(document, to: folder)
        } catch {
            throw CLIFailure.badInput(
                "\(TerminalText.visible(error.path)): \(error.problem); the merged run was not written"
                    + (earlier.isEmpty ? " (nothing was)" : ", and the earlier run there is unchanged"))
        }
        try clearEarlierRun(earlier.filter { !RunFolder.results.map(\.rawValue).contains($0) }, in: folder)
        withExtendedLifetime(lock) {}
        print("merged \(runs.count) run(s), \(document.rows.count) rows: \(RunFolder(output).resultsCSV), \(RunFolder.Entry.resultsJSON.rawValue)")
    }

    /// The entries of an existing run in `--output` (`folder`, resolved),
    /// refused unless `--force` asks to replace it: those a run makes
    /// (results, charts, pages, memo; ``RunFolder/Entry``) but the lock just
    /// taken. A folder with files but no run is refused too; an empty or
    /// new one has none. O(entries).
    func earlierRunEntries(in folder: String) throws(CLIFailure) -> [String] {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != RunFolder.Entry.lock.rawValue }
        guard !entries.isEmpty else { return [] }
        guard RunFolder(folder).holdsRun else {
            throw CLIFailure.badInput("--output \(TerminalText.visible(output)) holds files but no run; give an empty or new folder")
        }
        guard force else {
            throw CLIFailure.badInput(
                "--output \(TerminalText.visible(output)) holds a run already; --force replaces it (its charts and page go too)")
        }
        let runEntries = Set(RunFolder.Entry.allCases.filter { $0 != .lock }.map(\.rawValue))
        return entries.filter { runEntries.contains($0) }
    }

    /// Removes `entries` of the earlier run (after the merged results
    /// replaced its own), each as itself (a link is unlinked, never
    /// followed). Any other file there stays. O(entries).
    func clearEarlierRun(_ entries: [String], in folder: String) throws(CLIFailure) {
        for entry in entries {
            do {
                try FileManager.default.removeItem(atPath: folder + "/" + entry)
            } catch {
                throw CLIFailure.badInput("\(output)/\(entry): cannot clear the earlier run: \(FileError.reason(error))")
            }
        }
    }
}
