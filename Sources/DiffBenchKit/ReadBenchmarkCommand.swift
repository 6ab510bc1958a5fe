import ArgumentParser
import Foundation
import FileSupport
import InputFiles

/// `diffbench read-benchmark FILE` (hidden; scripts/reader-bench.sh runs
/// it): reads one user file through the same reader `diff` and `run
/// --old/--new` use — a JSON list by ``UserListReader``, a text with
/// `--lines` by ``TextLines`` — and prints what the read cost: CPU time
/// (user + system, from `getrusage`), wall time, and the process's peak
/// resident memory. Only the read is timed (the process's start and the
/// printing are not). A benchmark, not a test: it prints figures and checks
/// nothing; a file the reader refuses is refused as `diff` refuses it.
struct ReadBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read-benchmark",
        abstract: "Measure reading one list or text file: CPU and wall time, peak memory (for scripts/reader-bench.sh).",
        shouldDisplay: false
    )

    @Argument(help: "The file to read.")
    var file: String

    @Flag(help: "Read the file as text, one element per line (as diff --lines).")
    var lines = false

    func run() throws {
        let clock = ContinuousClock()
        let cpuBefore = Self.cpuSeconds()
        let started = clock.now
        let elements: Int
        do {
            if lines {
                elements = try TextLines.read(path: file).lines.count
            } else {
                var reader = UserListReader()
                switch try reader.read(path: file) {
                case let .values(values): elements = values.count
                case let .items(items): elements = items.count
                }
            }
        } catch {
            throw CLIFailure.badInput(error.hintingLines().description)
        }
        let wall = clock.now - started
        let cpu = Self.cpuSeconds() - cpuBefore
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        // ru_maxrss is in KiB on Linux.
        print("elements=\(elements) cpu_seconds=\(cpu) wall_seconds=\(wallSeconds) peak_rss_bytes=\(Int(usage.ru_maxrss) * 1024)")
    }

    /// User plus system CPU time of this process so far, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
