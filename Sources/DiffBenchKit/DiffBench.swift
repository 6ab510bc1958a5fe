import ArgumentParser
import Foundation
import FileSupport
import InputFiles
import Harness
import RunResults

/// `diffbench`: benchmark, verify and visualize collection-diffing engines.
///
/// Exit status (contract): 0 success, 1 a failed check (verification,
/// regression), 2 bad usage or bad input.
struct DiffBench: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: programName,
        abstract: "Benchmark, verify and visualize collection-diffing engines (\(DiffBench.engines.names.map(\.rawValue).joined(separator: ", "))).",
        discussion: """
            Exit status: 0 on success, 1 when a check fails (a wrong changeset, a \
            regression), 2 on bad usage or bad input.
            """,
        version: DiffBench.versionText,
        subcommands: [
            DiffCommand.self, GenerateCommand.self, RunCommand.self, ChartCommand.self, TargetsCommand.self,
            ValidateCommand.self, TeachCommand.self, TableCommand.self, BaselineCommand.self, CompareCommand.self,
            MergeCommand.self, CountInstructionsCommand.self, MeasureCaseCommand.self, HunksCommand.self, HistoryCommand.self,
            ServeCommand.self, ReadBenchmarkCommand.self,
        ]
        )
    }

    /// The name the help and usage lines give the tool: the name the
    /// executable was started by (`diffbench`, or a plug-in binary's own
    /// name such as `custom-bench`), set once by ``DiffBenchCLI`` before
    /// parsing. In-process callers (the tests) see `diffbench`.
    nonisolated(unsafe) static var programName = "diffbench"

    /// The engines of this process: the built-ins, plus those a plug-in
    /// binary passed to ``DiffBenchCLI/main(engines:)``, which sets this
    /// once, before any argument is parsed, and nothing changes after.
    ///
    /// What ArgumentParser builds statically reads it (help texts, the
    /// abstract, shell completions: the process's own surface), and
    /// ``runMain()`` hands it to the subcommand. Parsing keeps engine names
    /// as written; the work is done by ``EngineCommand/run(with:)``, which
    /// resolves them in the registry it is given, so an in-process caller (a
    /// test) passes its own registry and nothing is shared between
    /// concurrent callers.
    nonisolated(unsafe) static var engines = EngineRegistry.builtIns

    /// The release of the tool; bumped with each round of changes to its
    /// commands or files.
    static let version = "0.3.0"

    /// `diffbench --version`: the release, the commit it was built from
    /// (the one its results record), the file formats it writes, and the
    /// compiler that built it.
    static var versionText: String {
        "diffbench \(version) (commit \(RunEnvironment.buildCommit), results schema \(RunDocument.currentVersion), datasets version \(DatasetFile.version), "
            + "\(Dataset.generatorVersion); built with Swift \(RunEnvironment.swiftVersion()))"
    }

    /// Parses `arguments` (without the program name) and runs the
    /// subcommand; one that needs engines gets `engines`. The in-process
    /// entry: ``runMain()`` passes the process's, a test its own.
    static func run(_ arguments: [String], with engines: EngineRegistry) throws {
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            // `--repetitions -3`: the parser takes `-3` for an option and says the value is missing.
            guard let joined = joiningNegativeValues(arguments, after: error) else { throw error }
            command = try parseAsRoot(joined)
        }
        if var needsEngines = command as? any EngineCommand {
            try needsEngines.run(with: engines)
        } else {
            try command.run()
        }
    }

    /// `arguments` with each `--option -3` whose value the parser reported
    /// missing written `--option=-3`, so that the option's own check says
    /// what is wrong with a negative number (or takes it); nil when the
    /// error is not a missing value followed by a negative number. O(arguments).
    static func joiningNegativeValues(_ arguments: [String], after error: Error) -> [String]? {
        let message = fullMessage(for: error)
        guard message.contains("Missing value for") else { return nil }
        var joined: [String] = []
        var index = 0
        while index < arguments.count {
            let option = arguments[index]
            if option.hasPrefix("--"), !option.contains("="), index + 1 < arguments.count,
                arguments[index + 1].hasPrefix("-"), Double(arguments[index + 1]) != nil,
                message.contains("'\(option) ") || message.contains("'\(option)'")
            {
                joined.append(option + "=" + arguments[index + 1])
                index += 2
            } else {
                joined.append(option)
                index += 1
            }
        }
        return joined == arguments ? nil : joined
    }

    static func runMain() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()), with: engines)
            try StandardOutput.flush()
        } catch let failure as CLIFailure {
            FileHandle.standardError.write(Data(("diffbench: " + failure.message + "\n").utf8))
            failure.status.exit()
        } catch let input as InputError {
            // A file the user named is unreadable or malformed: bad input.
            FileHandle.standardError.write(Data(("diffbench: " + input.hintingLines().description + "\n").utf8))
            ExitStatus.badInput.exit()
        } catch let file as FileError {
            // A file or folder that cannot be read or written (a full disk, permissions): exit 2, never 1.
            FileHandle.standardError.write(Data(("diffbench: " + file.description + "\n").utf8))
            ExitStatus.badInput.exit()
        } catch let error as CocoaError where error.isFileError || error.filePath != nil {
            FileHandle.standardError.write(Data(("diffbench: " + FileError(foundation: error).description + "\n").utf8))
            ExitStatus.badInput.exit()
        } catch {
            let status = exitStatus(for: error)
            if status == ExitStatus.success.rawValue {
                print(fullMessage(for: error))
                ExitStatus.success.exit()
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(status)
        }
    }

    /// The contract's exit status for an error of parsing or validation:
    /// usage errors are 2, not ArgumentParser's 64; help and --version 0.
    static func exitStatus(for error: Error) -> Int32 {
        if let failure = error as? CLIFailure { return failure.status.rawValue }
        let code = exitCode(for: error)
        return code == .validationFailure || code.rawValue == 64 ? ExitStatus.badInput.rawValue : code.rawValue
    }
}
