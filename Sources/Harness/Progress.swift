import Foundation
import Formats

/// The progress line on stderr: the current case, how many are done and an
/// ETA. Redrawn in place on a terminal, plain lines otherwise (logs, CI).
public final class ProgressReporter: @unchecked Sendable {
    private let interactive: Bool
    private let total: Int
    private let start = monotonicNanoseconds()
    private var done = 0
    private let enabled: Bool

    public init(total: Int, enabled: Bool = true) {
        self.total = total
        self.enabled = enabled
        interactive = isatty(STDERR_FILENO) != 0
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
        if interactive {
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    public func finished() {
        done += 1
    }

    public func note(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data(((interactive ? "\r\u{1B}[2K" : "") + message + "\n").utf8))
    }

    /// A warning: shown with `--quiet` too (quiet hides progress, not problems).
    public func warn(_ message: String) {
        FileHandle.standardError.write(Data(((enabled && interactive ? "\r\u{1B}[2K" : "") + "diffbench: " + message + "\n").utf8))
    }

    public func close() {
        guard enabled else { return }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        let line = String(format: "%d cases in %.1f s", done, elapsed)
        FileHandle.standardError.write(Data(((interactive ? "\r\u{1B}[2K" : "") + line + "\n").utf8))
    }
}
