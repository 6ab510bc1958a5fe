import Foundation

/// A word as a POSIX shell reads it back unchanged, for commands the tool
/// prints for the user to type: as is when it holds only safe characters,
/// else in single quotes (a quote inside as `'\''`). O(length).
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let safe = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.value < 0x80 && (CharacterSet.alphanumerics.contains($0))) || "/._-+=:@,%".unicodeScalars.contains($0)
        }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
