import ArgumentParser
import Compare
import Foundation

struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Save a run as a named baseline, or list the baselines.",
        discussion: """
            A baseline is a copy of a run's results.json kept as Reports/baselines/NAME.json; \
            commit it, and `diffbench compare NAME CURRENT` checks later runs against it.

            Exit status: 0 on success, 2 on bad input (no such run, malformed or interrupted \
            run, a row that cannot be true, a run with a failed row, an invalid name).
            """,
        subcommands: [Save.self, List.self]
    )

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "save", abstract: "Store a run's results as Reports/baselines/NAME.json (replacing it).")

        @Argument(help: "Baseline name (letters, digits, '.', '_', '-').")
        var name: String

        @Option(help: "The run folder or results.json to save.")
        var from: String = "Reports/latest"

        @OptionGroup var baselines: BaselineFolderOption

        func run() throws {
            if Baselines.isValidName(name) {
                _ = try InputGuard([from], role: "the files read").checkedFile(Baselines.path(of: name, in: baselines.path), option: "the baseline")
            }
            do {
                let (path, document) = try Baselines.save(name: name, from: from, in: baselines.path)
                print("saved baseline '\(name)': \(path) (run \(document.environment.runName), \(document.rows.count) rows, \(document.environment.buildConfiguration) build, commit \(document.environment.gitCommit))")
                if document.environment.buildConfiguration != "release" {
                    FileHandle.standardError.write(Data("diffbench: warning: this baseline comes from a \(document.environment.buildConfiguration) build; compare it with runs of the same build\n".utf8))
                }
            } catch {
                throw CLIFailure.badInput(error.description)
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the saved baselines.")

        @OptionGroup var baselines: BaselineFolderOption

        @OptionGroup var printing: FormatOption<OutputFormat>

        func run() throws {
            let entries = Baselines.list(in: baselines.path)
            switch printing.format {
            case .json:
                let items: [[String: Any]] = entries.map { entry in
                    var item: [String: Any] = ["name": entry.name, "path": entry.path]
                    if let document = entry.document {
                        item["run_name"] = document.environment.runName
                        item["git_commit"] = document.environment.gitCommit
                        item["build_configuration"] = document.environment.buildConfiguration
                        item["start_time"] = document.environment.startTime
                        item["rows"] = document.rows.count
                    }
                    if let problem = entry.problem { item["problem"] = problem }
                    return item
                }
                let data = try JSONSerialization.data(withJSONObject: items, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                print(String(decoding: data, as: UTF8.self))
            case .text:
                if entries.isEmpty { print("no baselines in \(baselines.path)") }
                for entry in entries {
                    if let document = entry.document {
                        let environment = document.environment
                        print("\(entry.name)  \(environment.startTime)  \(environment.buildConfiguration)  commit \(environment.gitCommit)  \(document.rows.count) rows  (\(entry.path))")
                    } else {
                        print("\(entry.name)  unreadable: \(entry.problem ?? "")  (\(entry.path))")
                    }
                }
            }
        }
    }
}
