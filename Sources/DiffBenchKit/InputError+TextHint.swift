import Foundation
import InputFiles

extension InputError {
    /// This error with a hint to read the file as lines, when it is a JSON
    /// syntax error in a file that looks like plain text (a source file or
    /// prose given without `--lines`); otherwise the error as it is.
    ///
    /// "Looks like text": the first 4 KiB hold no NUL byte, are UTF-8 (a
    /// character cut at the end aside), and the first thing that is not
    /// blank opens no JSON array or object. Reads at most 4 KiB of the file.
    func hintingLines() -> InputError {
        guard problem.hasPrefix("malformed JSON"), Self.looksLikeText(path: source) else { return self }
        var hinted = self
        hinted.problem += "; the file looks like plain text: add --lines to compare it line by line"
        return hinted
    }

    /// Whether the start of the file at `path` reads as text rather than a
    /// JSON array or object (false when it cannot be read). O(4 KiB).
    static func looksLikeText(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096), !data.isEmpty else { return false }
        let bytes = [UInt8](data)
        guard !bytes.contains(0) else { return false }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              first != UInt8(ascii: "["), first != UInt8(ascii: "{")
        else { return false }
        // Valid UTF-8 up to a character the 4 KiB cut in two.
        for cut in 0..<4 where bytes.count > cut {
            if String(validating: bytes.dropLast(cut), as: UTF8.self) != nil { return true }
        }
        return false
    }
}
