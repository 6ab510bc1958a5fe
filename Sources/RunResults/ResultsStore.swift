import FileSupport
import InputFiles
import Foundation

/// A results file that cannot be used: which file and why.
public typealias ResultsFileError = FileError

/// Reads and writes a run's folder: `results.csv`, `results.json`, and the
/// `latest` link beside the run folders. Every write goes to a temporary file
/// in the same folder and is renamed over the old one, so a reader (or a run
/// interrupted with Ctrl-C) only ever sees whole files.
public enum ResultsStore {
    ///
    /// The two files always hold the same rows, whenever the writer stops:
    /// both are written whole to temporary files first (a full disk stops
    /// here, with the old pair in place), then renamed, `results.json` before
    /// `results.csv`, with SIGINT, SIGTERM and SIGHUP held back between the
    /// two renames. Only SIGKILL (or a crash) between two renames can
    /// separate them, and then the JSON is the newer one, never the CSV.
    /// O(rows).
    public static func write(_ document: RunDocument, to directory: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: directory, problem: "cannot create the folder: " + folderProblem(directory, error))
        }
        let jsonText: String
        do {
            jsonText = try json(document)
        } catch {
            throw FileError(path: RunFolder(directory).resultsJSON, problem: "cannot encode the results: \(error)")
        }
        let jsonPath = RunFolder(directory).resultsJSON, csvPath = RunFolder(directory).resultsCSV
        let jsonTemporary = try AtomicFile.writeTemporary(Data(jsonText.utf8), for: jsonPath)
        let csvTemporary: String
        do throws(FileError) {
            csvTemporary = try AtomicFile.writeTemporary(Data(csv(document.rows).utf8), for: csvPath)
        } catch {
            unlink(jsonTemporary)
            throw error
        }
        try AtomicFile.holdingSignals { () throws(FileError) in
            do throws(FileError) {
                try AtomicFile.moveIntoPlace(jsonTemporary, jsonPath)
            } catch {
                unlink(csvTemporary)
                throw error
            }
            try AtomicFile.moveIntoPlace(csvTemporary, csvPath)
        }
    }

    /// Why a folder cannot be made, in words: a file in the way, permissions, a full disk.
    /// O(depth of the path).
    static func folderProblem(_ directory: String, _ error: Error) -> String {
        var path = directory
        while !path.isEmpty, path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(path) is a file, not a folder" }
                return access(path, W_OK | X_OK) == 0 ? FileError.reason(error) : "\(path) is not writable (permissions)"
            }
            path = (path as NSString).deletingLastPathComponent
        }
        return FileError.reason(error)
    }

    public static func csv(_ rows: [ResultRow]) -> String {
        var text = csvHeader + "\n"
        for row in rows {
            text += csvLine(row) + "\n"
        }
        return text
    }

    /// The header line of `results.csv`, without its line break.
    static var csvHeader: String { ResultRow.csvColumns.joined(separator: ",") }

    /// One row's line of `results.csv`, without its line break. O(fields).
    static func csvLine(_ row: ResultRow) -> String { row.csvFields.map(ResultRow.csvEscape).joined(separator: ",") }

    /// Whether `data` holds ``csv(_:)`` of `rows`: the same header, then
    /// every row's fields, column by column, each compared with the row's
    /// value as ``CSVValue/matches(_:)`` reads it. A field whose value
    /// differs in any way is refused; a number written another way (`1.50`
    /// for 1.5) or quoted where it need not be holds the same value. No
    /// line is made: writing every row's line to compare texts was a fifth
    /// of a `history add` of a 300-row run (callgrind). O(file size).
    static func csv(_ rows: [ResultRow], matches data: Data) -> Bool {
        data.withUnsafeBytes { (found: UnsafeRawBufferPointer) -> Bool in
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lineEnd = UInt8(ascii: "\n")
            var header = csvHeader + "\n"
            let headerMatches = header.withUTF8 { wanted in
                found.count >= wanted.count && memcmp(found.baseAddress!, wanted.baseAddress!, wanted.count) == 0
            }
            // Ending in a line end, the text has a delimiter after every field: CSVValue reads numbers in place.
            guard headerMatches, found.last == lineEnd else { return false }
            var offset = header.utf8.count
            var unquoted: [UInt8] = []
            let columns = ResultRow.csvTable
            for row in rows {
                for (index, column) in columns.enumerated() {
                    let delimiter = index == columns.count - 1 ? lineEnd : comma
                    guard offset < found.count else { return false }
                    let matched: Bool
                    if found[offset] == quote {
                        // A quoted field runs to its closing quote; "" inside it is one quote.
                        unquoted.removeAll(keepingCapacity: true)
                        var at = offset + 1
                        while true {
                            guard at < found.count else { return false }
                            if found[at] == quote {
                                guard at + 1 < found.count, found[at + 1] == quote else { break }
                                at += 1
                            }
                            unquoted.append(found[at])
                            at += 1
                        }
                        offset = at + 1
                        unquoted.append(delimiter)
                        matched = unquoted.withUnsafeBytes { column.value(row).matches(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
                    } else {
                        var at = offset
                        while at < found.count, found[at] != comma, found[at] != lineEnd { at += 1 }
                        matched = column.value(row).matches(UnsafeRawBufferPointer(rebasing: found[offset..<at]))
                        offset = at
                    }
                    guard matched, offset < found.count, found[offset] == delimiter else { return false }
                    offset += 1
                }
            }
            return offset == found.count
        }
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
        let file = isDirectory.boolValue ? RunFolder(path).resultsJSON : path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ResultsFileError(path: file, problem: isDirectory.boolValue ? "the folder holds no results.json" : "cannot be read")
        }
        let bytes = [UInt8](data)
        let document: RunDocument
        if let good = quickly(bytes) { document = good } else { document = try slowly(bytes, data: data, file: file) }
        if isDirectory.boolValue { try refuseDifferentCSV(document, in: path) }
        return document
    }

    /// The document of a results file that is certainly good, decoded once
    /// with no positioned tree; nil when anything is off (a syntax error, a
    /// repeated key, invalid UTF-8, another schema, a decoding error, a row
    /// that cannot be true), for ``slowly(_:data:file:)`` to place the
    /// problem. Building the tree and then decoding with Foundation made
    /// `compare` of two 62 MB files run at 18 MB/s. O(file size).
    static func quickly(_ bytes: [UInt8]) -> RunDocument? {
        // The quick decoder reads an integer only as digits (2.0 or 2e0 are left to JSONDecoder).
        guard JSONParser.accepts(bytes), let document = QuickJSONDecoder.decode(RunDocument.self, from: bytes),
            document.schema == RunDocument.schemaName, RunDocument.readableVersions.contains(document.version),
            ResultsValidator.firstProblem(in: document) == nil
        else { return nil }
        return document
    }

    /// Reads a results file through its positioned tree, so that whatever
    /// is wrong is refused with its line and column; the reader of a file
    /// that ``quickly(_:)`` did not accept. O(file size), about ten
    /// times the file in memory.
    static func slowly(_ bytes: [UInt8], data: Data, file: String) throws(ResultsFileError) -> RunDocument {
        // The positioned reader first: a truncated file, invalid UTF-8 or a
        // repeated key is refused with its line and column, and a decoding
        // error below is placed by following its coding path in the tree.
        let tree: PositionedJSON
        do {
            tree = try JSONParser.parse(bytes)
        } catch {
            throw ResultsFileError(path: file, position: error.position, problem: "not a results file: \(error.problem)")
        }
        guard case .object = tree.value else {
            throw ResultsFileError(path: file, position: tree.position, problem: "not a results file: expected an object, found \(tree.value.typeName)")
        }
        let schema: String? = if case let .string(text)? = tree.value["schema"] { text } else { nil }
        guard schema == RunDocument.schemaName else {
            throw ResultsFileError(
                path: file, position: position(of: ["schema"], in: tree),
                problem: "schema is \(schema.map { "\"\($0)\"" } ?? "missing"), expected \"\(RunDocument.schemaName)\"")
        }
        let version: Int? = if case let .number(text)? = tree.value["version"] { Int(text) } else { nil }
        guard let version, RunDocument.readableVersions.contains(version) else {
            throw ResultsFileError(
                path: file, position: position(of: ["version"], in: tree), problem: versionProblem(tree.value["version"]))
        }
        let document: RunDocument
        do {
            document = try decoder().decode(RunDocument.self, from: data)
        } catch {
            let path = codingPath(error)
            // Foundation names no path for a number that does not fit its field (1.5 or 1e400 for an
            // integer): the value is then found by trying the file with one number at a time made 0.
            let placed = path.isEmpty ? unplacedNumber(in: tree) : nil
            let problem = placed != nil && path.isEmpty ? "a number that does not fit its field (an integer is expected, or it is out of range)" : describe(error)
            throw ResultsFileError(path: file, position: placed ?? position(of: path, in: tree), problem: "malformed results: \(problem)")
        }
        try refuseInconsistentRows(document, tree: tree, file: file)
        return document
    }

    /// Why a `version` cannot be read, in words: missing, not a whole
    /// number (`3.0`, `"3"`), written by a newer diffbench, or older than
    /// any this one reads. O(1).
    static func versionProblem(_ value: JSONValue?) -> String {
        let readable = RunDocument.readableVersions
        let reads = "this diffbench reads versions \(readable.lowerBound)–\(readable.upperBound)"
        switch value {
        case nil:
            return "schema version missing (\(reads))"
        case let .number(text)?:
            guard let number = Double(text) else { return "schema version \(text) is not a number (\(reads))" }
            if number > Double(readable.upperBound) {
                return "schema version \(text): written by a newer diffbench (\(reads)); read it with that version or a later one"
            }
            if number < Double(readable.lowerBound) { return "schema version \(text) is older than any version diffbench wrote (\(reads))" }
            return "schema version \(text) is not written as an integer (\(reads))"
        case let value?:
            return "schema version is \(value.typeName) \(TerminalText.visible(value.canonicalText)), not an integer (\(reads))"
        }
    }

    /// A run folder's `results.csv` must hold the rows of its
    /// `results.json`: a hand-edited CSV (or a JSON edited without it) is
    /// refused at the first line and column where the CSV differs from what
    /// the JSON's rows give. The CSV is compared by columns: a file whose
    /// lines end in CRLF (as a spreadsheet saves it) is read with LF ends,
    /// and the header's names with the spaces around them trimmed, so
    /// neither switches the check off. A CSV whose header names other
    /// columns was written by another version of diffbench (a column added
    /// since), and is not compared; nor is a folder without one. O(file size).
    static func refuseDifferentCSV(_ document: RunDocument, in directory: String) throws(ResultsFileError) {
        let path = RunFolder(directory).resultsCSV
        guard let data = FileManager.default.contents(atPath: path), !csv(document.rows, matches: data) else { return }
        // Split at LF bytes: as Characters, "\r\n" is one, and no line would end.
        func lines(_ bytes: some Collection<UInt8>) -> [String] {
            bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        var found = lines(data)
        // CRLF ends: every line of the file ends in CR (the last, empty one aside), so CR is the line end, not data.
        if found.count > 1, found.dropLast().allSatisfy({ $0.hasSuffix("\r") }) {
            let last = found.count - 1
            found = found.enumerated().map { $0.offset == last ? $0.element : String($0.element.dropLast()) }
        }
        let expected = lines(csv(document.rows).utf8)
        guard let header = found.first, columnNames(header) == columnNames(expected[0]) else { return }
        found[0] = expected[0]
        guard found != expected else { return }
        let common = min(found.count, expected.count)
        guard let index = (0..<common).first(where: { found[$0] != expected[$0] }) ?? (found.count == expected.count ? nil : common)
        else { return }
        let line = found.indices.contains(index) ? found[index] : "", wanted = expected.indices.contains(index) ? expected[index] : ""
        let column = zip(line, wanted).prefix { $0 == $1 }.count + 1
        // Rows are named by line only while no field spans lines.
        let oneLineEach = found.count == document.rows.count + 2
        let what = index == 0 ? "the header" : (index <= document.rows.count && oneLineEach ? "row \(index) (\(TerminalText.visible(document.rows[index - 1].label)))" : "line \(index + 1)")
        throw ResultsFileError(
            path: path, position: TextPosition(line: index + 1, column: column),
            problem: "differs from results.json at \(what): the two files of a run hold the same rows; one of them was changed by hand or cut short")
    }

    /// A CSV header's column names, each trimmed of spaces, tabs and line ends. O(line).
    static func columnNames(_ header: String) -> [String] {
        header.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The first row that cannot be true (``ResultsValidator``), refused at
    /// the row's place in the file (or at the key of the document's head it
    /// is about): every reader of results — compare, baseline save, merge,
    /// chart, targets, history add — reads through here. O(rows).
    static func refuseInconsistentRows(_ document: RunDocument, tree: PositionedJSON, file: String) throws(ResultsFileError) {
        guard let finding = ResultsValidator.firstProblem(in: document) else { return }
        guard let index = finding.row else {
            let key = finding.key ?? "rows"
            throw ResultsFileError(path: file, position: position(of: [key], in: tree), problem: "\(key) cannot be true: \(finding.problem)")
        }
        throw ResultsFileError(
            path: file, position: rowPosition(index, in: tree),
            problem: "row \(index + 1) (\(TerminalText.visible(document.rows[index].label))) cannot be true: \(finding.problem)")
    }

    /// `file:line:column` of each row of a results file (a run folder's
    /// `results.json`, or the file itself), for messages about a row found
    /// after reading; nil when the file cannot be parsed. O(file size).
    public static func rowLocations(_ path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        let file = isDirectory.boolValue ? RunFolder(path).resultsJSON : path
        guard let data = FileManager.default.contents(atPath: file), let tree = try? JSONParser.parse([UInt8](data)),
            case let .object(members) = tree.value, let rows = members.firstIndex(where: { $0.key == "rows" })
        else { return nil }
        return tree.children[rows].children.map { "\(file):\($0.position)" }
    }

    /// Where row `index` (0-based) of `rows` starts. O(top-level keys).
    static func rowPosition(_ index: Int, in tree: PositionedJSON) -> TextPosition {
        guard case let .object(members) = tree.value, let rows = members.firstIndex(where: { $0.key == "rows" }) else {
            return tree.position
        }
        let items = tree.children[rows].children
        return items.indices.contains(index) ? items[index].position : tree.children[rows].position
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// The number a results document fails on when the decoder does not
    /// say where: the rows are decoded one by one to find the row, then the
    /// numbers of that row (or of the head: environment, plan, engines) are
    /// set to 0 one at a time until it decodes. Only on the error path;
    /// O(rows + numbers of one row × row size).
    static func unplacedNumber(in tree: PositionedJSON) -> TextPosition? {
        guard case var .object(members) = tree.value, let rows = members.firstIndex(where: { $0.key == "rows" }) else { return nil }
        let decoder = decoder()
        func decodes<T: Decodable>(_ type: T.Type, _ value: JSONValue) -> Bool {
            (try? decoder.decode(T.self, from: Data(value.canonicalText.utf8))) != nil
        }
        /// Number leaves under `node`, as index paths from it, with their positions.
        func numbers(_ node: PositionedJSON, _ path: [Int], into out: inout [([Int], TextPosition)]) {
            if case .number = node.value { out.append((path, node.position)) }
            for (index, child) in node.children.enumerated() { numbers(child, path + [index], into: &out) }
        }
        func replacing(_ value: JSONValue, at path: ArraySlice<Int>) -> JSONValue {
            guard let first = path.first else { return .number("0") }
            switch value {
            case var .object(members):
                members[first].value = replacing(members[first].value, at: path.dropFirst())
                return .object(members)
            case var .array(items):
                items[first] = replacing(items[first], at: path.dropFirst())
                return .array(items)
            default:
                return value
            }
        }
        let rowNodes = tree.children[rows].children
        members[rows].value = .array([])
        let head = JSONValue.object(members)
        if !decodes(RunDocument.self, head) {
            var leaves: [([Int], TextPosition)] = []
            for (index, child) in tree.children.enumerated() where index != rows { numbers(child, [index], into: &leaves) }
            return leaves.first { decodes(RunDocument.self, replacing(head, at: $0.0[...])) }?.1
        }
        guard let row = rowNodes.first(where: { !decodes(ResultRow.self, $0.value) }) else { return nil }
        var leaves: [([Int], TextPosition)] = []
        numbers(row, [], into: &leaves)
        return leaves.first { decodes(ResultRow.self, replacing(row.value, at: $0.0[...])) }?.1 ?? row.position
    }

    /// The coding path of a decoding error (empty for others).
    static func codingPath(_ error: Error) -> [CodingKey] {
        switch error {
        case let DecodingError.keyNotFound(_, context), let DecodingError.typeMismatch(_, context),
            let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context):
            return context.codingPath
        default:
            return []
        }
    }

    /// Where the value at `path` starts, following it as far as the tree
    /// goes (a missing key gives its object's position). O(depth × width).
    static func position(of path: [any CodingKey], in tree: PositionedJSON) -> TextPosition {
        var node = tree
        for key in path {
            switch node.value {
            case let .object(members):
                guard let index = members.firstIndex(where: { $0.key == key.stringValue }) else { return node.position }
                node = node.children[index]
            case .array:
                guard let index = key.intValue, node.children.indices.contains(index) else { return node.position }
                node = node.children[index]
            default:
                return node.position
            }
        }
        return node.position
    }

    static func position(of keys: [String], in tree: PositionedJSON) -> TextPosition {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        return position(of: keys.map(Key.init(stringValue:)), in: tree)
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
        let link = RunFolder.latestLink(in: parent)
        let temporary = parent + "/.latest.tmp-\(getpid())"
        unlink(temporary)
        guard symlink(url.lastPathComponent, temporary) == 0 else { return }
        if rename(temporary, link) != 0 { unlink(temporary) }
    }
}
