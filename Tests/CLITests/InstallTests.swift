import Foundation
import Testing

/// `make install` (scripts/install.sh) gives a diffbench that starts from any
/// folder, also as a copy; the build folder's own binary, copied, does not
/// (it finds its interposer library only beside itself), which is what the
/// install fixes.
@Suite(.enabled(if: patchelfFound, "patchelf is not installed (scripts/setup.sh installs it)"))
struct InstallTests {
    @Test(.timeLimit(.minutes(10)))
    func theInstalledBinaryStartsAsACopyInAnotherFolder() throws {
        let prefix = try CLI.temporaryDirectory(), elsewhere = try CLI.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let install = try CLI.run(
            [CLI.packageRoot.appendingPathComponent("scripts/install.sh").path, CLI.executable.path, prefix.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(install.status == 0, "\(install.stderr)")
        // `diffbench serve` execs the dashboard's server from beside the installed binary.
        let server = CLI.executable.deletingLastPathComponent().appendingPathComponent("diffbench-serve")
        if FileManager.default.isExecutableFile(atPath: server.path) {
            #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/diffbench-serve").path))
        }

        let copy = elsewhere.appendingPathComponent("diffbench")
        try FileManager.default.copyItem(at: prefix.appendingPathComponent("bin/diffbench"), to: copy)
        let version = try CLI.run(["--version"], in: elsewhere, executable: copy)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("diffbench "))

        // The control: the build's binary copied alone cannot find its library.
        let raw = elsewhere.appendingPathComponent("diffbench-raw")
        try FileManager.default.copyItem(at: CLI.executable, to: raw)
        let rawVersion = try CLI.run(["--version"], in: elsewhere, executable: raw)
        #expect(rawVersion.status != 0)
        #expect(rawVersion.stderr.contains("libMallocInterposerSwift.so"))
    }

    @Test func installRefusesAMissingBinaryWithExit2() throws {
        let prefix = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let result = try CLI.run(
            [CLI.packageRoot.appendingPathComponent("scripts/install.sh").path, prefix.path + "/none", prefix.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a built diffbench"))
        #expect(!FileManager.default.fileExists(atPath: prefix.path + "/bin/diffbench"))
    }
}

/// Whether patchelf is on PATH (make install needs it).
private var patchelfFound: Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/patchelf") }
}
