import Foundation

/// Notes for the user on standard error (`diffbench: note: …`), kept out
/// of the machine-readable output on standard output.
enum StandardError {
    static func note(_ text: String) {
        FileHandle.standardError.write(Data(("diffbench: note: " + text + "\n").utf8))
    }
}
