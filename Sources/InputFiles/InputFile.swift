import Foundation

/// Reading a file the user named, with the reason in the user's terms when
/// it cannot be read: every reader of lists, datasets, batch and state
/// files goes through here, so the wording is the same everywhere.
public enum InputFile {
    /// The file's bytes, or an ``InputError`` saying it is missing, a
    /// folder (`expected` names what was wanted instead), or unreadable.
    /// A UTF-8 byte order mark at the start (editors on Windows write one)
    /// is skipped for every reader of JSON alike, where it is no value;
    /// a text read as lines keeps it (`keepingByteOrderMark`), since it is
    /// bytes of its first line (``TextLines``). O(file size).
    public static func bytes(at path: String, expected: String, keepingByteOrderMark: Bool = false) throws(InputError) -> [UInt8] {
        var bytes = try wholeFile(at: path, expected: expected)
        if !keepingByteOrderMark { skipByteOrderMark(&bytes) }
        return bytes
    }

    /// Drops a UTF-8 byte order mark (U+FEFF, `EF BB BF`) at the start of
    /// `bytes`, if there is one: in place, no second copy. O(bytes) when present.
    public static func skipByteOrderMark(_ bytes: inout [UInt8]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    }

    private static func wholeFile(at path: String, expected: String) throws(InputError) -> [UInt8] {
        // A FIFO, socket or device is refused before it is opened: opening a
        // FIFO for reading waits for a writer, and a device may never end.
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
            throw InputError(source: path, problem: "is not a regular file (\(kind(of: status.st_mode))), expected \(expected)")
        }
        // A regular file straight into one array (no Data copy: a big file costs its size once).
        if let bytes = DatasetFile.readWhole(path) { return bytes }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw InputError(
                source: path,
                problem: exists
                    ? (isDirectory.boolValue ? "is a directory, expected \(expected)" : "cannot be read (permissions?)")
                    : "no such file")
        }
        return [UInt8](data)
    }

    /// "a FIFO", "a socket", "a device": a file type in words.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a plain file"
        }
    }

    /// The file parsed as JSON with positions; a syntax error names the
    /// file, line and column. O(file size).
    public static func json(at path: String, expected: String) throws(InputError) -> PositionedJSON {
        let bytes = try bytes(at: path, expected: expected)
        return try parsing(path) { try JSONParser.parse(bytes) }
    }

    /// Runs a parse of `source`, its errors in the user's terms: a syntax
    /// error as "malformed JSON" at its line and column, an ``InputError``
    /// (a reader's own check) as it is, anything else with the file's name.
    public static func parsing<T>(_ source: String, _ parse: () throws -> T) throws(InputError) -> T {
        do {
            return try parse()
        } catch let error as JSONSyntaxError {
            throw InputError(source: source, position: error.position, problem: "malformed JSON: \(error.problem)")
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(source: source, problem: "\(error)")
        }
    }
}
