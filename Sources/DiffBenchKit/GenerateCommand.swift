import ArgumentParser
import Foundation
import RunResults
import Workloads
import InputFiles

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a seeded benchmark dataset and write it as a dataset file.",
        discussion: """
            The same workload, size, seed and parameters give a byte-identical file on every \
            machine (generator \(WorkloadName.generatorVersion)). Datasets/README.md describes \
            each workload and the file format.

            Workloads (n is --size):
            \(GenerateCommand.workloadHelp)

            --from-git REPO --file PATH writes real text histories instead: one dataset per pair \
            of consecutive versions of PATH among its newest --versions versions in the git \
            repository REPO, lines as text (workload git), into the folder --output. \
            --from-git REPO --range A..B writes one dataset per text file changed between the \
            commits A and B (renames followed; added, deleted and binary files left out with a note).

            Examples:
              diffbench generate --workload mixed --size 5000 --seed 1 \\
                  --to Datasets/generated/mixed-5000.json
              diffbench generate --from-git . --file README.md --versions 6 \\
                  --output Datasets/generated/readme-history
              diffbench generate --from-git . --range HEAD~5..HEAD \\
                  --output Datasets/generated/last-five
              diffbench generate --workload updates --size 1000 \\
                  --param fraction=0.25 --to Datasets/generated/updates-1000.json
              diffbench generate --list --format json

            Exit status: 0 on success, 2 on bad usage (unknown workload, negative size, unknown \
            or invalid parameter) or when the file cannot be written; nothing is left half-written.
            """
    )

    @Option(name: .long, help: "Workload name (see the list below).")
    var workload: String?

    // Unconditional: `--size -1` is the value -1 (refused as negative), not a missing value.
    @Option(name: .long, parsing: .unconditional, help: "The size parameter n (0 or more).")
    var size: Int?

    @Option(name: .long, help: "Seed of the pseudo-random generator (0 to 2^64-1).")
    var seed: UInt64 = 1

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A workload parameter; repeatable.", valueName: "key=value"))
    var param: [String] = []

    @Option(name: .long, help: ArgumentHelp("The dataset file to write (parent folders are created).", valueName: "FILE"))
    var to: String?

    @OptionGroup var outputFolder: OutputFolderOption<GitDatasetsFolder>

    @OptionGroup var git: GitImportOptions

    @Flag(name: .long, help: "List the workloads and their parameters, then exit.")
    var list = false

    @OptionGroup var printing: FormatOption<OutputFormat>

    func run() throws {
        if list {
            print(printing.format == .json ? GenerateCommand.listJSON() : GenerateCommand.listText())
            return
        }
        if git.fromGit != nil { return try importHistory() }
        guard let workload else { throw CLIFailure.badInput("generate needs --workload NAME (or --list, or --from-git)") }
        guard let size else { throw CLIFailure.badInput("generate needs --size N") }
        guard outputFolder.given == nil else {
            throw CLIFailure.badInput("generate --output names the folder of --from-git's datasets; one dataset is written with --to FILE")
        }
        guard let output = to else { throw CLIFailure.badInput("generate needs --to FILE") }
        var parameters: [String: String] = [:]
        for text in param {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw CLIFailure.badInput("--param \(text): expected key=value")
            }
            let key = String(text[..<equals])
            guard parameters[key] == nil else { throw CLIFailure.badInput("--param \(key) is given twice") }
            parameters[key] = String(text[text.index(after: equals)...])
        }
        let dataset: Dataset
        do {
            dataset = try Workloads.make(workload: workload, size: size, seed: seed, parameters: parameters)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        do {
            try DatasetFile.write(dataset, to: output)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        switch printing.format {
        case .text:
            print("wrote \(output): \(dataset.workload) n=\(dataset.size) seed=\(dataset.seed), "
                + "\(dataset.old.count) → \(dataset.new.count) elements")
        case .json:
            print("{\"output\": \(JSONValue.quoted(output)), \"workload\": \(JSONValue.quoted(dataset.workload)), "
                + "\"size\": \(dataset.size), \"seed\": \(dataset.seed), \"old\": \(dataset.old.count), \"new\": \(dataset.new.count)}")
        }
    }

    /// `--from-git`: one dataset file per pair of consecutive versions.
    func importHistory() throws {
        guard let output = outputFolder.shown else { throw CLIFailure.badInput("--from-git needs --output FOLDER") }
        guard let datasets = try git.datasets() else { return }
        var names: Set<String> = []
        for dataset in datasets {
            // Letters and digits only: a branch named with `/` (--rev) must not make a folder.
            func slug(_ key: String) -> String {
                String((dataset.parameters[key] ?? "").map { $0.isLetter || $0.isNumber ? $0 : "-" })
            }
            let stem = "git-\(slug("file"))-\(slug("from"))-\(slug("to"))"
            // Two paths can share a slug (a/b and a-b): the second gets a number.
            var name = stem + ".json", copy = 2
            while !names.insert(name).inserted { name = "\(stem)-\(copy).json"; copy += 1 }
            do {
                try DatasetFile.write(dataset, to: output + "/" + name)
            } catch {
                throw CLIFailure.badInput(error.description)
            }
            if printing.format == .text {
                print("wrote \(output)/\(name): \(dataset.old.count) → \(dataset.new.count) lines")
            }
        }
        if printing.format == .json {
            print("{\"output\": \(JSONValue.quoted(output)), \"datasets\": \(datasets.count)}")
        }
    }

    /// The workloads with their summaries and knobs, for --help.
    static var workloadHelp: String {
        WorkloadName.allCases.map { workload in
            var text = "  \(workload.rawValue): \(workload.summary)" + familyNote(workload)
            for parameter in workload.parameters {
                text += "\n      --param \(parameter.name)=… (default \(parameter.defaultValue)): \(parameter.help)"
            }
            return text
        }.joined(separator: "\n")
    }

    static func listText() -> String {
        let width = WorkloadName.allCases.map(\.rawValue.count).max() ?? 0
        return WorkloadName.allCases.map { workload in
            let name = workload.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            let knobs = workload.parameters.map { "\($0.name)=\($0.defaultValue)" }.joined(separator: " ")
            return "\(name)  \(workload.summary)" + (knobs.isEmpty ? "" : " [\(knobs)]") + familyNote(workload)
        }.joined(separator: "\n")
    }

    /// " (family pathological: opt-in, `run --workloads pathological`)", or nothing.
    static func familyNote(_ workload: WorkloadName) -> String {
        guard let family = workload.family else { return "" }
        return " (opt-in: family \(family))"
    }

    /// `generate --list --format json` (contract): an array of
    /// {"name", "summary", "parameters": [{"name", "default", "help"}]}.
    static func listJSON() -> String {
        let entries = WorkloadName.allCases.map { workload in
            let parameters = workload.parameters.map {
                "{\"name\": \(JSONValue.quoted($0.name)), \"default\": \(JSONValue.quoted($0.defaultValue)), "
                    + "\"help\": \(JSONValue.quoted($0.help))}"
            }
            return "  {\"name\": \(JSONValue.quoted(workload.rawValue)), \"summary\": \(JSONValue.quoted(workload.summary)), "
                + "\"parameters\": [\(parameters.joined(separator: ", "))]}"
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]"
    }
}
