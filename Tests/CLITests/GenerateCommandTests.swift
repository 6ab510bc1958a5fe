import DiffBenchTestSupport
import Foundation
import Testing

/// End-to-end tests of `diffbench generate`: they run the built executable
/// (`swift test` builds it first, since this target depends on it) in a
/// temporary folder and read what it wrote with Foundation's own JSON
/// parser, independent of the project's reader.
@Suite("diffbench generate")
struct GenerateCommandTests {
    private static let workloads = [
        "same", "created", "deleted", "shuffled", "mixed", "feed", "updates", "duplicates", "text", "sectioned",
        "pathological-disjoint", "pathological-patience", "pathological-identical", "pathological-frequent", "periodic",
    ]

    private struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    private static var executable: URL { CLI.executable }

    private static func run(_ arguments: [String], in folder: URL? = nil) throws -> Run {
        let result = try CLI.run(arguments, in: folder)
        return Run(status: result.status, output: result.stdout, errors: result.stderr)
    }

    private static func temporaryFolder() throws -> URL { try CLI.temporaryDirectory() }

    private static func json(_ url: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    @Test("the executable exists (swift test builds it)")
    func executableExists() {
        #expect(FileManager.default.isExecutableFile(atPath: GenerateCommandTests.executable.path))
    }

    @Test("every workload generates a valid, self-describing dataset file", arguments: workloads)
    func everyWorkload(workload: String) throws {
        let folder = try GenerateCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try GenerateCommandTests.run(
            ["generate", "--workload", workload, "--size", "120", "--seed", "7", "--to", "out/\(workload).json"],
            in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("\(workload) n=120 seed=7"))
        let file = try GenerateCommandTests.json(folder.appendingPathComponent("out/\(workload).json"))
        #expect(file["schema"] as? String == "diffbench.dataset")
        #expect(file["version"] as? Int == 1)
        #expect(file["workload"] as? String == workload)
        #expect(file["size"] as? Int == 120)
        #expect(file["seed"] as? Int == 7)
        #expect(file["parameters"] is [String: String])
        #expect(["identified", "values"].contains(file["kind"] as? String ?? ""))
        #expect(file["old"] is [Any] && file["new"] is [Any])
        #expect((file["old_sections"] != nil) == (workload == "sectioned"))
    }

    @Test("the same arguments write the same bytes; another seed writes other data")
    func deterministic() throws {
        let folder = try GenerateCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for workload in GenerateCommandTests.workloads {
            var contents: [Data] = []
            for (name, seed) in [("a", "3"), ("b", "3"), ("c", "4")] {
                let path = folder.appendingPathComponent("\(workload)-\(name).json").path
                let run = try GenerateCommandTests.run(
                    ["generate", "--workload", workload, "--size", "300", "--seed", seed, "--to", path])
                #expect(run.status == 0, "\(run.errors)")
                contents.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(contents[0] == contents[1], "\(workload): same seed, different bytes")
            #expect(contents[0] != contents[2], "\(workload): seeds 3 and 4 wrote the same file")
        }
    }

    @Test("feed at --size 100 writes the 100 → 210 refresh; parameters reach the file")
    func feedAndParameters() throws {
        let folder = try GenerateCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedPath = folder.appendingPathComponent("feed.json")
        #expect(try GenerateCommandTests.run(["generate", "--workload", "feed", "--size", "100", "--to", feedPath.path]).status == 0)
        let feed = try GenerateCommandTests.json(feedPath)
        #expect((feed["old"] as? [Any])?.count == 100 && (feed["new"] as? [Any])?.count == 210)
        #expect(feed["seed"] as? Int == 1, "the default seed is 1")

        let updatesPath = folder.appendingPathComponent("updates.json")
        let run = try GenerateCommandTests.run([
            "generate", "--workload", "updates", "--size", "200", "--param", "fraction=0.25", "--to", updatesPath.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        let updates = try GenerateCommandTests.json(updatesPath)
        #expect(updates["parameters"] as? [String: String] == ["fraction": "0.25"])
        let old = try #require(updates["old"] as? [[String: Int]])
        let new = try #require(updates["new"] as? [[String: Int]])
        #expect(old.map { $0["id"] } == new.map { $0["id"] })
        #expect(zip(old, new).filter { $0["content"] != $1["content"] }.count == 50)
    }

    @Test("--list names every workload; --list --format json is machine-readable")
    func list() throws {
        let text = try GenerateCommandTests.run(["generate", "--list"])
        #expect(text.status == 0)
        let names = text.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == GenerateCommandTests.workloads)

        let json = try GenerateCommandTests.run(["generate", "--list", "--format", "json"])
        #expect(json.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == GenerateCommandTests.workloads)
        let updates = try #require(entries.first { $0["name"] as? String == "updates" })
        let parameters = try #require(updates["parameters"] as? [[String: String]])
        #expect(parameters.first?["name"] == "fraction" && parameters.first?["default"] == "0.1")
    }

    @Test("--help documents every workload and every parameter")
    func help() throws {
        let run = try GenerateCommandTests.run(["generate", "--help"])
        #expect(run.status == 0)
        for workload in GenerateCommandTests.workloads {
            #expect(run.output.contains("  \(workload): "), "--help lacks \(workload)")
        }
        for parameter in ["fraction=", "alphabet=", "unit=", "sections="] {
            #expect(run.output.contains(parameter), "--help lacks \(parameter)")
        }
        let root = try GenerateCommandTests.run(["--help"])
        #expect(root.output.contains("generate"))
    }

    @Test("bad arguments exit 2 with a clear message and write nothing")
    func badArguments() throws {
        let folder = try GenerateCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.json").path
        let cases: [(arguments: [String], message: String)] = [
            (["--workload", "mixd", "--size", "10", "--to", out], "unknown workload \"mixd\""),
            (["--workload", "same", "--size=-5", "--to", out], "size -5 is negative"),
            (["--workload", "same", "--size", "ten", "--to", out], "size"),
            (["--workload", "same", "--size", "10", "--seed", "-1", "--to", out], "seed"),
            (["--workload", "updates", "--size", "10", "--param", "fraction=2", "--to", out], "expected a number from 0 to 1"),
            (["--workload", "updates", "--size", "10", "--param", "fraction", "--to", out], "expected key=value"),
            (["--workload", "updates", "--size", "10", "--param", "=1", "--to", out], "expected key=value"),
            (["--workload", "mixed", "--size", "10", "--param", "fraction=0.5", "--to", out], "has no parameter \"fraction\""),
            (["--workload", "text", "--size", "10", "--param", "unit=words", "--to", out], "one of lines, characters"),
            (["--workload", "sectioned", "--size", "10", "--param", "sections=1", "--param", "sections=2", "--to", out], "given twice"),
            (["--workload", "same", "--size", "10"], "--to FILE"),
            (["--size", "10", "--to", out], "--workload"),
            (["--workload", "same", "--to", out], "--size"),
        ]
        for (arguments, message) in cases {
            let run = try GenerateCommandTests.run(["generate"] + arguments)
            #expect(run.status == 2, "\(arguments): exit \(run.status)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("an unwritable output exits 2, names the path and keeps the existing file")
    func unwritableOutput() throws {
        let folder = try GenerateCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file.json")
        try Data("keep".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("inner.json").path
        let run = try GenerateCommandTests.run(["generate", "--workload", "same", "--size", "5", "--to", target])
        #expect(run.status == 2)
        #expect(run.errors.contains(target), "\(run.errors)")
        #expect(try Data(contentsOf: blocker) == Data("keep".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.json"])
    }

    @Test("regenerating over an existing file replaces it whole, with no temporary file left")
    func overwrite() throws {
        let folder = try GenerateCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data.json")
        for size in ["2000", "3"] {
            let run = try GenerateCommandTests.run(["generate", "--workload", "shuffled", "--size", size, "--to", path.path])
            #expect(run.status == 0, "\(run.errors)")
        }
        #expect((try GenerateCommandTests.json(path)["old"] as? [Any])?.count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data.json"])
    }
}
