import Foundation
import Rendering
import DiffBenchTestSupport
import Testing

/// The one gnuplot driver (teaching pictures and run charts both use it).
@Suite(.tags(.process)) struct GnuplotProcessTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-gnuplot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func files(_ folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    }

    @Test func aGoodScriptPutsItsPictureInPlace() throws {
        let gnuplot = try #require(GnuplotProcess.executable(), "gnuplot is needed (make setup installs it)")
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            if (!exists("outfile")) outfile = 'ok.png'
            set terminal pngcairo size 120,80
            set output outfile
            plot x
            """.write(toFile: dir + "/ok.gp", atomically: true, encoding: .utf8)
        let outcome = GnuplotProcess.run(script: "ok.gp", output: "ok.png", in: dir, gnuplot: gnuplot)
        #expect(outcome.status == 0, "\(outcome.messages)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/ok.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try files(dir) == ["ok.gp", "ok.png"])
    }

    @Test func aBrokenScriptLeavesNoPictureNotEvenAnOldOne() throws {
        let gnuplot = try #require(GnuplotProcess.executable(), "gnuplot is needed (make setup installs it)")
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("an old picture".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        try """
            if (!exists("outfile")) outfile = 'bad.png'
            set terminal pngcairo size 120,80
            set output outfile
            plot 'no-such-file.dat' using 1:2
            """.write(toFile: dir + "/bad.gp", atomically: true, encoding: .utf8)
        let outcome = GnuplotProcess.run(script: "bad.gp", output: "bad.png", in: dir, gnuplot: gnuplot)
        #expect(outcome.status != 0)
        #expect(outcome.messages.contains("no-such-file.dat"))
        #expect(try files(dir) == ["bad.gp"])
        #expect(throws: GnuplotProcess.Failure.self) {
            try GnuplotProcess.render(script: "bad.gp", output: "bad.png", in: dir, gnuplot: gnuplot)
        }
    }
}
