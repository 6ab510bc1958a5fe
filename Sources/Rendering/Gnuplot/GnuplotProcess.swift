import Foundation
import FileSupport

/// Runs gnuplot on a script written next to its data, so that a reader can
/// rerun `gnuplot name.gp` by hand and get the same picture.
///
/// Scripts set their output to `outfile` when it is defined
/// (`if (!exists("outfile")) outfile = 'name.png'`); the driver defines it as
/// a temporary name and renames the PNG into place only when gnuplot
/// succeeded, so a failed run never leaves half a picture.
package enum GnuplotProcess {
    /// What to tell a user who has no gnuplot.
    package static let installHint = "install gnuplot with its cairo terminals (Debian/Ubuntu: sudo apt-get install gnuplot-nox) and run again"

    /// The gnuplot executable on `PATH`, or nil.
    package static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/gnuplot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A gnuplot run that failed, with gnuplot's own message.
    package struct Failure: Error, CustomStringConvertible {
        package var script: String
        package var message: String
        package var description: String { "gnuplot failed on \(script): \(message)" }
    }

    /// How one gnuplot run went.
    package struct Outcome: Sendable {
        /// 0 when the picture is in place; otherwise gnuplot's exit status
        /// (1 when it exited 0 without a picture, -1 when it could not start).
        package var status: Int32
        /// What gnuplot wrote on stderr: its warnings, or why it failed.
        package var messages: String
    }

    /// Runs `gnuplot -e "outfile='TEMP'" script` in `directory` and renames
    /// the picture over `output` (both names relative to `directory`) only
    /// when gnuplot succeeded and wrote a non-empty file. A failed run
    /// leaves no picture of that name, not even one from an earlier run.
    package static func run(script: String, output: String, in directory: String, gnuplot: String) -> Outcome {
        let target = directory + "/" + output
        // gnuplot runs inside `directory`, so it gets the name relative to it.
        AtomicFile.removeStaleTemporaries(of: target)
        let temporaryName = AtomicFile.temporaryPath(for: output)
        let temporary = directory + "/" + temporaryName
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = ["-e", "outfile='\(temporaryName.replacingOccurrences(of: "'", with: "''"))'", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(status: -1, messages: "could not start \(gnuplot): \(error.localizedDescription)")
        }
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let size = (try? FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int) ?? 0
        if process.terminationStatus == 0, size > 0 {
            do {
                try AtomicFile.moveIntoPlace(temporary, target)
                return Outcome(status: 0, messages: messages)
            } catch {
                unlink(temporary)
                unlink(target)
                return Outcome(status: 1, messages: "could not move the picture into place: \(error.problem)")
            }
        }
        unlink(temporary)
        unlink(target)
        let text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
        return Outcome(
            status: process.terminationStatus == 0 ? 1 : process.terminationStatus,
            messages: text.isEmpty ? "exit status \(process.terminationStatus), no picture" : text)
    }

    /// ``run(script:output:in:gnuplot:)``, throwing when there is no picture.
    package static func render(script: String, output: String, in directory: String, gnuplot: String) throws(Failure) {
        let outcome = run(script: script, output: output, in: directory, gnuplot: gnuplot)
        if outcome.status != 0 { throw Failure(script: script, message: outcome.messages) }
    }
}
