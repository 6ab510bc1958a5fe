import Foundation
import Rendering
import Testing

/// `teach` on labels made of every character a gnuplot string or script
/// could trip on, drawn for real: every script gnuplot runs must draw its
/// picture, and the index must show each picture it drew.
@Suite(.serialized, .enabled(if: GnuplotProcess.executable() != nil, "gnuplot not found: the pictures are not drawn, so this check is skipped"))
struct TeachHostileLabelTests {
    /// Labels made of each hostile thing: empty, quotes alone and doubled,
    /// a backslash, line breaks and tabs, shell and gnuplot substitutions
    /// (backquote, `$`, `@`), enhanced-text markup, a datablock end and a comment sign.
    static let hostile = ["", "'", "''", "\"", "\\", "a\\", "\n", "x\ny", "\t", "`id`", "$HOME", "@x", "{^_~&}", "EOD", "#"]

    /// Runs teach on the two lists and checks every picture of the folder.
    static func teachDrawsEveryPicture(_ arguments: [String], folderName: String) throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try CLI.run(["teach"] + arguments + ["--output", scratch.path, "--name", folderName])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("gnuplot failed"), "\(run.stderr)")
        let folder = scratch.path + "/" + folderName
        let index = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gp") }.sorted()
        #expect(scripts.count >= 10, "\(scripts)")
        for script in scripts {
            let name = String(script.dropLast(3))
            let image = try PNGFile.read(folder + "/" + name + ".png")
            #expect(image.distinctColors(limit: 100) >= 5, "\(name).png looks blank")
            #expect(index.contains("(\(name).png)"), "index.md does not show \(name).png")
        }
    }

    /// The issue's case: an empty line on each side (`--lines`).
    @Test(.timeLimit(.minutes(10)))
    func emptyLinesAreDrawn() throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let old = scratch.path + "/a", new = scratch.path + "/b"
        try "a\n\nb\n".write(toFile: old, atomically: true, encoding: .utf8)
        try "a\nb\n\n".write(toFile: new, atomically: true, encoding: .utf8)
        try Self.teachDrawsEveryPicture([old, new, "--lines"], folderName: "empty-lines")
    }

    /// Every hostile label in one pair of JSON lists, moved about so that
    /// some are kept (the LCS caption names them), some deleted and some
    /// inserted.
    @Test(.timeLimit(.minutes(10)))
    func everyHostileLabelIsDrawn() throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let half = Self.hostile.count / 2
        let oldLabels = ["A"] + Self.hostile + ["B"]
        let newLabels = ["A"] + Self.hostile[half...] + ["B"] + Self.hostile[..<half].reversed()
        func json(_ labels: [String]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: labels, options: [.fragmentsAllowed]), as: UTF8.self)
        }
        let old = scratch.path + "/old.json", new = scratch.path + "/new.json"
        try json(oldLabels).write(toFile: old, atomically: true, encoding: .utf8)
        try json(Array(newLabels)).write(toFile: new, atomically: true, encoding: .utf8)
        try Self.teachDrawsEveryPicture([old, new], folderName: "hostile")
    }
}
