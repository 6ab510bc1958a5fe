import ArgumentParser
import Compare
import Foundation
import Formats

/// `run --shard`'s other half: joins shard folders into one run folder.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of one plan (run --shard K/N) into one run folder.",
        discussion: """
            Each shard ran every engine and the references on its own datasets, so the \
            merged run can be compared as one (diffbench compare ci DIR). Refused (exit 2): \
            a row in two shards, the same shard twice, and shards of another commit, build, \
            Swift version, seed, engine list, sampling settings or shard count.

            Examples (two shards of a small plan, then the whole):
              diffbench run --workloads mixed,feed --sizes 1000 --shard 1/2 --name s1
              diffbench run --workloads mixed,feed --sizes 1000 --shard 2/2 --name s2
              diffbench merge Reports/s1 Reports/s2 --output Reports/merged
            """
    )

    @Argument(help: "The shards: run folders or results.json files.")
    var runs: [String]

    @Option(help: "The merged run folder (results.csv, results.json).")
    var output: String

    func run() throws {
        guard !runs.isEmpty else { throw CLIFailure.badInput("merge: name at least one run") }
        var parts: [RunMerge.Part] = []
        for path in runs {
            do {
                parts.append(RunMerge.Part(path: path, document: try ResultsStore.read(path)))
            } catch {
                throw CLIFailure.badInput(error.description)
            }
        }
        let name = URL(fileURLWithPath: output).lastPathComponent
        let (document, notes): (RunDocument, [String])
        do {
            (document, notes) = try RunMerge.merge(parts, runName: name)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        for note in notes { FileHandle.standardError.write(Data(("diffbench: merge: " + note + "\n").utf8)) }
        do {
            try ResultsStore.write(document, to: output)
        } catch {
            throw CLIFailure.badInput("\(output): cannot write the merged run: \(error)")
        }
        print("merged \(runs.count) run(s), \(document.rows.count) rows: \(output)/results.csv, results.json")
    }
}

/// `run --shard K/N`, parsed.
struct RunShard: ExpressibleByArgument, Hashable {
    var index: Int
    var count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init?(argument: String) {
        guard let shard = try? RunShard.parse(argument) else { return nil }
        self = shard
    }

    var defaultValueDescription: String { "\(index)/\(count)" }

    /// `K/N` with 1 ≤ K ≤ N, or an error giving the expected form.
    @Sendable static func parse(_ text: String) throws -> RunShard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, index >= 1, index <= count else {
            throw ListError("expected K/N with 1 ≤ K ≤ N (e.g. 2/4)")
        }
        return RunShard(index: index, count: count)
    }
}
