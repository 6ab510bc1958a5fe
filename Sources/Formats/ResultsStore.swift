import Foundation
import DiffEngines

/// A results file that cannot be used: which file and why.
public typealias ResultsFileError = FileError

/// Reads and writes a run's folder: `results.csv`, `results.json`, and the
/// `latest` link beside the run folders. Every write goes to a temporary file
/// in the same folder and is renamed over the old one, so a reader (or a run
/// interrupted with Ctrl-C) only ever sees whole files.
public enum ResultsStore {
    public static func write(_ document: RunDocument, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try writeAtomically(csv(document.rows), to: directory + "/results.csv")
        try writeAtomically(json(document), to: directory + "/results.json")
    }

    public static func csv(_ rows: [ResultRow]) -> String {
        var text = ResultRow.csvColumns.joined(separator: ",") + "\n"
        for row in rows {
            text += row.csvFields.map(ResultRow.csvEscape).joined(separator: ",") + "\n"
        }
        return text
    }

    public static func json(_ document: RunDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// Reads `results.json` from a run folder, a baseline file, or a path to
    /// a results.json; refuses other schemas and versions.
    public static func read(_ path: String) throws(ResultsFileError) -> RunDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ResultsFileError(path: path, problem: "no such file or folder")
        }
        let file = isDirectory.boolValue ? path + "/results.json" : path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ResultsFileError(path: file, problem: isDirectory.boolValue ? "the folder holds no results.json" : "cannot be read")
        }
        struct Header: Decodable {
            var schema: String?
            var version: Int?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw ResultsFileError(path: file, problem: "not a results file: \(describe(error))")
        }
        guard header.schema == RunDocument.schemaName else {
            throw ResultsFileError(
                path: file, problem: "schema is \(header.schema.map { "\"\($0)\"" } ?? "missing"), expected \"\(RunDocument.schemaName)\"")
        }
        guard let version = header.version, RunDocument.readableVersions.contains(version) else {
            throw ResultsFileError(
                path: file,
                problem: "schema version \(header.version.map(String.init) ?? "missing") is not supported (this diffbench reads versions \(RunDocument.readableVersions.lowerBound)–\(RunDocument.readableVersions.upperBound))")
        }
        do {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            return try decoder.decode(RunDocument.self, from: data)
        } catch {
            throw ResultsFileError(path: file, problem: "malformed results: \(describe(error))")
        }
    }

    /// A decoding error in words, with the JSON path where it applies.
    static func describe(_ error: Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context):
            return "missing field \"\(key.stringValue)\" at \(path(context.codingPath))"
        case let DecodingError.typeMismatch(type, context):
            return "wrong type at \(path(context.codingPath)), expected \(type)"
        case let DecodingError.valueNotFound(type, context):
            return "null at \(path(context.codingPath)), expected \(type)"
        case let DecodingError.dataCorrupted(context):
            let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
            return (underlying ?? context.debugDescription) + (context.codingPath.isEmpty ? "" : " at \(path(context.codingPath))")
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// Writes through a temporary file in the same folder, then renames
    /// (``AtomicFile``).
    public static func writeAtomically(_ text: String, to path: String) throws(ResultsFileError) {
        try AtomicFile.write(text, to: path)
    }

    /// Points `<reports>/latest` at `runDirectory` (a relative link, swapped atomically).
    public static func pointLatest(at runDirectory: String) {
        let url = URL(fileURLWithPath: runDirectory).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let link = parent + "/latest"
        let temporary = parent + "/.latest.tmp-\(getpid())"
        unlink(temporary)
        guard symlink(url.lastPathComponent, temporary) == 0 else { return }
        if rename(temporary, link) != 0 { unlink(temporary) }
    }
}
