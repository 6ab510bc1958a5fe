import Foundation

/// A real `diffbench serve` process on a free port (`--port 0`), with its
/// own TMPDIR so a test can see every temporary folder it makes.
/// Unchecked: its stored properties are set once in `init`; the tests'
/// parallel requests read only `port` and `temporary` from other tasks.
final class ServedDashboard: @unchecked Sendable {
    let process = Process()
    let port: UInt16
    /// The TMPDIR the server was started with (its teach folders go under it).
    let temporary: URL
    private let output = Pipe()

    /// The built executable, beside the test bundle.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("diffbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/diffbench")
    }

    /// Starts the server on `reports` and waits for the address it prints.
    /// `timeout` is serve's `--timeout`: by default long, since a loaded
    /// machine (the whole suite beside other builds) runs 200 queued teach
    /// children slowly.
    init(reports: URL, temporary: URL, timeout: Int = 540) throws {
        self.temporary = temporary
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0", "--reports", reports.path, "--timeout", String(timeout)]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        let line = String(decoding: printed, as: UTF8.self)
        guard let range = line.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
            let port = UInt16(line[range].dropFirst("http://127.0.0.1:".count).dropLast())
        else {
            process.terminate()
            throw RawHTTP.Failure("the server printed no address: \(line)")
        }
        self.port = port
    }

    /// Sends `signal` and waits; the exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGINT) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Every path left under the server's TMPDIR.
    func leftovers() -> [String] {
        FileManager.default.enumerator(atPath: temporary.path)?.allObjects.compactMap { $0 as? String } ?? []
    }
}

/// A scratch folder tree for one test: `reports/` with two runs (a copy of
/// the committed CI baseline each, and a report page), and `outside/`
/// holding a secret no request may read.
struct DashboardFixture {
    let root: URL
    var reports: URL { root.appendingPathComponent("reports") }
    var temporary: URL { root.appendingPathComponent("tmp") }
    static let secret = "SECRET-OUTSIDE-THE-REPORTS-7f3a"

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-serve-test-\(UUID().uuidString)")
        let manager = FileManager.default
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let baseline = try Data(contentsOf: package.appendingPathComponent("Tests/Fixtures/ci-run-2026-11-26.json"))
        for name in ["run-old", "run-new"] {
            let run = reports.appendingPathComponent(name)
            try manager.createDirectory(at: run, withIntermediateDirectories: true)
            try baseline.write(to: run.appendingPathComponent("results.json"))
            try Data("<html><body><p>report page of \(name)</p></body></html>".utf8).write(to: run.appendingPathComponent("index.html"))
        }
        try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
        let outside = root.appendingPathComponent("outside")
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(Self.secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data(Self.secret.utf8).write(to: outside.appendingPathComponent("index.html"))
        try baseline.write(to: outside.appendingPathComponent("results.json"))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
