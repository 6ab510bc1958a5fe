import Foundation
import Rendering
import Testing

/// `diffbench serve` as a user meets it: the real executable on a free
/// port, driven with real HTTP requests over a socket. Starts processes and
/// a server, so each test has a time limit.
@Suite("Dashboard server (starts diffbench serve)", .serialized, .timeLimit(.minutes(10)), .tags(.process))
struct DashboardServerTests {
    @Test func runsAreListedNewestFirstAndTheirPagesServedAsWritten() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let old = fixture.reports.appendingPathComponent("run-old/results.json")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old.path)
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }

        let runs = try RawHTTP.send(port: server.port, path: "/")
        #expect(runs.status == 200)
        let newer = try #require(runs.body.range(of: "/runs/run-new/"))
        let older = try #require(runs.body.range(of: "/runs/run-old/"))
        #expect(newer.lowerBound < older.lowerBound, "the newest run comes first")

        let page = try RawHTTP.send(port: server.port, path: "/runs/run-new/")
        let written = try String(contentsOf: fixture.reports.appendingPathComponent("run-new/index.html"), encoding: .utf8)
        #expect(page.status == 200)
        #expect(page.body == written, "the report page is the file run wrote, byte for byte")
    }

    /// Every way out of the reports folder gets a 4xx, and the secret beside it is never sent.
    @Test func noRequestReadsOutsideTheRuns() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let manager = FileManager.default
        let outside = fixture.root.appendingPathComponent("outside")
        try manager.createSymbolicLink(at: fixture.reports.appendingPathComponent("linked-run"), withDestinationURL: outside)
        try manager.createSymbolicLink(
            at: fixture.reports.appendingPathComponent("run-old/leak.txt"), withDestinationURL: outside.appendingPathComponent("secret.txt"))
        try manager.createDirectory(at: fixture.reports.appendingPathComponent("run-old/sub"), withIntermediateDirectories: true)
        try Data("not a run".utf8).write(to: fixture.reports.appendingPathComponent("notes.txt"))
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }

        let hostile = [
            "/runs/../outside/secret.txt", "/runs/run-old/../../outside/secret.txt", "/runs/%2e%2e/outside/secret.txt",
            "/runs/run-old/%2e%2e%2f%2e%2e%2foutside%2fsecret.txt", "/runs/%2E%2E%2Foutside/secret.txt",
            "/runs/%252e%252e/outside/secret.txt", "/runs/..%2foutside%2fsecret.txt", "/history/../outside/secret.txt",
            "/history/%2e%2e/outside/secret.txt", "/runs/linked-run/secret.txt", "/runs/linked-run/", "/runs/linked-run/index.html",
            "/runs/run-old/leak.txt", "/runs/", "/runs/run-old/sub/", "/runs/notes.txt", "/runs/run-old/.%2e/.%2e/outside/secret.txt",
            "/runs/run-old/%00", "/../outside/secret.txt", "/compare?baseline=../outside&current=run-old",
        ]
        for path in hostile {
            let response = try RawHTTP.send(port: server.port, path: path)
            #expect((400..<500).contains(response.status), "\(path) answered \(response.status)")
            #expect(!response.body.contains(DashboardFixture.secret), "\(path) sent the secret")
        }
        let listing = try RawHTTP.send(port: server.port, path: "/")
        #expect(!listing.body.contains("linked-run"), "a linked run is not listed")
        #expect(try RawHTTP.send(port: server.port, path: "/runs/run-old/results.json").status == 200, "a run's own file is served")
    }

    /// A label with `<script>` in a folder name, a query and a form field
    /// comes back escaped, never as markup.
    @Test func scriptLabelsComeBackEscaped() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let label = "<script>alert(1)</script>"
        let folder = "<script>alert(1)<\\script>"
        let run = fixture.reports.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: fixture.reports.appendingPathComponent("run-old/results.json"), to: run.appendingPathComponent("results.json"))
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }

        let runs = try RawHTTP.send(port: server.port, path: "/")
        #expect(!runs.body.contains("<script>alert(1)"))
        #expect(runs.body.contains(HTMLText.escape(folder)))

        let encoded = label.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let compare = try RawHTTP.send(port: server.port, path: "/compare?baseline=\(encoded)&current=run-old")
        #expect((400..<500).contains(compare.status))
        #expect(!compare.body.contains(label) && compare.body.contains(HTMLText.escape(label)))

        let teach = try RawHTTP.send(
            port: server.port, method: "POST", path: "/teach",
            body: RawHTTP.form([("old", label), ("new", "ab"), ("mode", "chars"), ("engine", label)]),
            contentType: "application/x-www-form-urlencoded")
        #expect(teach.status == 400)
        #expect(!teach.body.contains(label) && teach.body.contains(HTMLText.escape(label)))
    }

    /// Compare shows what `diffbench compare BASELINE CURRENT` prints for the same two runs.
    @Test func compareShowsTheCommandsReport() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }
        let page = try RawHTTP.send(port: server.port, path: "/compare?baseline=run-old&current=run-new")
        let cli = try Self.runCLI(["compare", "run-old", "run-new", "--format", "text"], in: fixture.reports)
        #expect(page.status == 200)
        #expect(!cli.isEmpty)
        #expect(page.body.contains(HTMLText.escape(cli)), "the page holds compare's own report")
    }

    @Test func aBodyOverTheCapGets413AndTheServerGoesOn() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }
        let big = Data(repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024)
        let response = try RawHTTP.send(port: server.port, method: "POST", path: "/teach", body: big, contentType: "application/x-www-form-urlencoded")
        #expect(response.status == 413)
        let justOver = Data(("old=" + String(repeating: "b", count: 64 * 1024)).utf8)
        #expect(try RawHTTP.send(port: server.port, method: "POST", path: "/teach", body: justOver).status == 413)
        #expect(try RawHTTP.send(port: server.port, path: "/teach").status == 200, "the server still answers")
    }

    /// Bad input is refused with teach's own message (the same words the CLI prints).
    @Test func teachRefusesWhatTheCommandRefusesWithItsMessage() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }
        let long = String(repeating: "x", count: 61)
        let response = try RawHTTP.send(
            port: server.port, method: "POST", path: "/teach", body: RawHTTP.form([("old", long), ("new", "xy"), ("mode", "chars")]),
            contentType: "application/x-www-form-urlencoded")
        let cliOutput = fixture.root.appendingPathComponent("cli")
        let cli = try Self.runCLI(["teach", "--chars", "--output", cliOutput.path, long, "xy"], in: fixture.root, stderr: true)
        let message = try #require(cli.split(separator: "\n").first.map { String($0.dropFirst("diffbench: ".count)) })
        #expect(response.status == 400)
        #expect(response.body.contains(HTMLText.escape(message)), "the page shows teach's message: \(message)")
        #expect(server.leftovers().allSatisfy { !$0.contains("/") }, "no request folder is left: \(server.leftovers())")
    }

    /// 200 submissions at once: each gets its own pair's stepper, and no temporary folder is left.
    @Test func twoHundredParallelTeachRequestsEachGetTheirOwnStepper() throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        let count = 200
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let (old, new) = ("AB\(index)C", "C\(index)BA")
                do {
                    let response = try RawHTTP.send(
                        port: server.port, method: "POST", path: "/teach", body: RawHTTP.form([("old", old), ("new", new), ("mode", "chars")]),
                        contentType: "application/x-www-form-urlencoded")
                    let heading = "<h1>Step through the diff: \(HTMLText.escape("\(old) → \(new)"))</h1>"
                    if response.status != 200 || !response.body.contains(heading) {
                        lock.withLock { failures.append("\(index): \(response.status) \(response.body.prefix(300))") }
                    }
                } catch {
                    lock.withLock { failures.append("\(index): \(error)") }
                }
            }
        }
        group.wait()
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(3))")
        #expect(server.stop() == 0)
        #expect(server.leftovers().isEmpty, "left behind: \(server.leftovers().prefix(5))")
    }

    /// SIGINT while teach requests run: the server exits 0 and leaves no temporary folder.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringTeachRequestsLeavesNoTemporaryFolder(signal: Int32) throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        let group = DispatchGroup()
        for index in 0..<20 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let pair = String(repeating: "ABCDEFGHIJ", count: 4) + "\(index)"
                _ = try? RawHTTP.send(
                    port: server.port, method: "POST", path: "/teach",
                    body: RawHTTP.form([("old", pair), ("new", String(pair.reversed())), ("mode", "chars")]),
                    contentType: "application/x-www-form-urlencoded")
            }
        }
        var waited = 0
        while !server.leftovers().contains(where: { $0.hasSuffix("old.txt") }) && waited < 2000 {
            usleep(5000)
            waited += 1
        }
        #expect(server.leftovers().contains(where: { $0.hasSuffix("old.txt") }), "a teach request was in flight")
        #expect(server.stop(signal) == 0)
        group.wait()
        #expect(server.leftovers().isEmpty, "left behind: \(server.leftovers().prefix(5))")
    }

    /// What the CLI prints (stdout, or stderr with `stderr`), run in `folder`.
    static func runCLI(_ arguments: [String], in folder: URL, stderr: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = ServedDashboard.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        if stderr { process.standardError = pipe; process.standardOutput = FileHandle.nullDevice } else { process.standardOutput = pipe }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
