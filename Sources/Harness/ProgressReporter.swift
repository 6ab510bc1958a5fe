import Foundation
import FileSupport

/// The progress line on stderr: the current case, how many are done and an
/// ETA. Redrawn in place on a terminal, plain lines otherwise (logs, CI).
/// Inside a long case, on a terminal only, the line also shows the samples
/// taken and the time the case has left (``sampling(_:)``), redrawn at most
/// ``ProgressThrottle/defaultInterval`` apart.
public final class ProgressReporter: @unchecked Sendable {
    private let interactive: Bool
    private let total: Int
    private let start = monotonicNanoseconds()
    private var done = 0
    private let enabled: Bool
    /// The current case's line, without the sampling part.
    private var caseLine = ""
    private var throttle = ProgressThrottle()
    /// Where lines go (stderr; a test gives its own).
    private let output: (String) -> Void

    public init(total: Int, enabled: Bool = true) {
        self.total = total
        self.enabled = enabled
        interactive = isatty(STDERR_FILENO) != 0
        output = { FileHandle.standardError.write(Data($0.utf8)) }
    }

    /// A reporter writing to `output`, as a terminal (`interactive`) or not.
    init(total: Int, interactive: Bool, output: @escaping (String) -> Void) {
        self.total = total
        self.enabled = true
        self.interactive = interactive
        self.output = output
    }

    /// Inside the current case: samples taken so far and the seconds it
    /// has left, appended to the case's line. Only on a terminal (a log
    /// gets no line per sample), and at most once per throttle interval.
    public func sampling(_ progress: SamplingProgress) {
        guard enabled, interactive, throttle.shouldDraw(at: monotonicNanoseconds()) else { return }
        output("\r\u{1B}[2K" + caseLine + " — " + progress.text)
    }

    /// Shows the case about to run. `label` may come from a file (a
    /// dataset's path): it is shown escaped (``TerminalText/visible(_:)``),
    /// so an escape sequence or line break in it cannot redraw the terminal
    /// or forge a line.
    public func starting(_ label: String) {
        guard enabled else { return }
        let label = TerminalText.visible(label)
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        var eta = ""
        if done > 0 {
            let remaining = elapsed / Double(done) * Double(total - done)
            eta = String(format: ", ETA %.0f s", remaining)
        }
        let line = String(format: "[%d/%d] %@ (%.0f s elapsed%@)", done + 1, total, label, elapsed, eta)
        caseLine = line
        if interactive {
            output("\r\u{1B}[2K" + line)
        } else {
            output(line + "\n")
        }
    }

    public func finished() {
        done += 1
    }

    public func note(_ message: String) {
        guard enabled else { return }
        output((interactive ? "\r\u{1B}[2K" : "") + message + "\n")
    }

    /// A warning: shown with `--quiet` too (quiet hides progress, not problems).
    public func warn(_ message: String) {
        output((enabled && interactive ? "\r\u{1B}[2K" : "") + "diffbench: " + message + "\n")
    }

    public func close() {
        guard enabled else { return }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        let line = String(format: "%d cases in %.1f s", done, elapsed)
        output((interactive ? "\r\u{1B}[2K" : "") + line + "\n")
    }
}
