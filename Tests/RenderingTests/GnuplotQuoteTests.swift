import Foundation
import Rendering
import DiffBenchTestSupport
import Testing

/// `GnuplotScript.quote`, the string of every teaching picture's label, read
/// back by gnuplot itself: whatever the text, gnuplot parses the script and
/// prints the text as it was (control characters as spaces), and runs none
/// of it.
@Suite(.enabled(if: GnuplotProcess.executable() != nil, "gnuplot not found: the quoting is not checked against it"), .tags(.process))
struct GnuplotQuoteTests {
    static let hostile = [
        "", "'", "''", "''''", "a''b", "\"", "\"\"", "\\", "a\\", "\\\\'", "\n", "x\ny", "\t", "`touch pwned`", "$HOME", "@x",
        "{^_~&}", "EOD", "# not a comment", "’ é 名", "it's \"quoted\" \\ here",
    ]

    @Test(.timeLimit(.minutes(10)), arguments: hostile)
    func gnuplotReadsTheTextBackAsItWas(text: String) throws {
        let gnuplot = try #require(GnuplotProcess.executable())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-quote-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = "set print 'out.txt'\nprint \(GnuplotScript.quote(text))\nset label \(GnuplotScript.quote(text)) at 0,0\n"
        try script.write(toFile: folder + "/quote.gp", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = ["quote.gp"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(script)\n\(messages)")
        // Written apart from the library: every C0 control, DEL and C1 control as a space.
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? " " : $0
        }))
        #expect(try String(contentsOfFile: folder + "/out.txt", encoding: .utf8) == shown + "\n", "\(script)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/pwned"))
    }
}
