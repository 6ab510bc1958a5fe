import Foundation
import RunResults

/// Named baselines: copies of a run's `results.json` kept under
/// `Reports/baselines/NAME.json` and committed, so that CI compares every
/// change with the same reference run. A baseline is an ordinary results
/// file (same schema and version), readable by anything that reads results.
package enum Baselines {
    package static let defaultDirectory = "Reports/baselines"

    /// A listed baseline, or the reason its file could not be read.
    package struct Entry: Sendable {
        package var name: String
        package var path: String
        package var document: RunDocument?
        package var problem: String?
    }

    /// Letters, digits, `.`, `_`, `-`; not starting with a dot (a file name
    /// that is safe on every system and never hidden).
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first != "." else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
    }

    package static func path(of name: String, in directory: String) -> String {
        directory + "/" + name + ".json"
    }

    /// Copies the run at `source` (a run folder or results file) to the
    /// baseline `name`, atomically. Refuses an interrupted run and a run with
    /// a failed verification: a baseline must be a whole, correct run.
    @discardableResult
    package static func save(name: String, from source: String, in directory: String) throws(CompareInputError) -> (path: String, document: RunDocument) {
        guard isValidName(name) else {
            throw CompareInputError(path: name, problem: "not a valid baseline name (letters, digits, '.', '_', '-'; not starting with '.')")
        }
        let document: RunDocument
        do {
            document = try ResultsStore.read(source)
        } catch {
            throw CompareInputError(path: error.location, problem: error.problem)
        }
        guard document.complete else {
            throw CompareInputError(path: source, problem: "the run is incomplete (interrupted); rerun it before saving it as a baseline")
        }
        if let failed = document.rows.first(where: { $0.status.isFailure }) {
            throw CompareInputError(
                path: source, key: "\(failed.engine)/\(failed.workload)/\(failed.size)",
                problem: "\(failed.status == .failed ? "failed verification" : failed.status.rawValue) (\(failed.reason)); a baseline must be a correct run")
        }
        // The comparison refuses a file with two rows for one case; so does saving it.
        _ = try IndexedRun(path: source, document: document)
        let target = path(of: name, in: directory)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try ResultsStore.writeAtomically(try ResultsStore.json(document), to: target)
        } catch let error as ResultsFileError {
            throw CompareInputError(path: error.path, problem: error.problem)
        } catch {
            throw CompareInputError(path: target, problem: "cannot write: \(error)")
        }
        return (target, document)
    }

    /// Every `*.json` in `directory`, sorted by name; an unreadable file is
    /// listed with its problem rather than hidden.
    package static func list(in directory: String) -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { file in
            let path = directory + "/" + file
            let name = String(file.dropLast(".json".count))
            do throws(ResultsFileError) {
                return Entry(name: name, path: path, document: try ResultsStore.read(path), problem: nil)
            } catch {
                return Entry(name: name, path: path, document: nil, problem: error.problem)
            }
        }
    }

    /// A `compare` argument as a file: a plain name with a saved baseline is
    /// that baseline; otherwise an existing path is taken as is.
    package static func resolve(_ argument: String, in directory: String) throws(CompareInputError) -> String {
        let isName = isValidName(argument) && !argument.hasSuffix(".json")
        if isName, FileManager.default.fileExists(atPath: path(of: argument, in: directory)) {
            return path(of: argument, in: directory)
        }
        if FileManager.default.fileExists(atPath: argument) { return argument }
        if isName {
            let candidate = path(of: argument, in: directory)
            let known = list(in: directory).map(\.name)
            throw CompareInputError(
                path: candidate,
                problem: "no baseline named '\(argument)' (known: \(known.isEmpty ? "none" : known.joined(separator: ", "))); save one with `diffbench baseline save \(argument)`")
        }
        throw CompareInputError(path: argument, problem: "no such file or folder")
    }
}
