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

/// Where a case's sampling stands: samples taken (over every subject) and
/// the seconds it has left by the sampling rule (``SamplingProgress/estimate(round:elapsed:minSamples:minTime:budgetLeft:)``).
public struct SamplingProgress: Hashable, Sendable, Codable {
    public var samples: Int
    public var secondsLeft: Double

    /// "1,234 samples, about 12 s left in this case".
    public var text: String {
        let left = secondsLeft < 1 ? "under a second" : String(format: "about %.0f s", secondsLeft.rounded(.up))
        return "\(Formatting.grouped(samples)) sample\(samples == 1 ? "" : "s"), \(left) left in this case"
    }

    /// The seconds left: rounds go on until there are `minSamples` of them
    /// and they have lasted `minTime`, so at least `minTime − elapsed`, and
    /// the missing rounds at the mean round's time so far; never more than
    /// `budgetLeft`, what the subjects still timing may spend before their
    /// time budgets stop them. O(1).
    public static func estimate(round: Int, elapsed: Double, minSamples: Int, minTime: Double, budgetLeft: Double) -> Double {
        let perRound = round > 0 ? elapsed / Double(round) : 0
        let rounds = Double(max(minSamples - round, 0)) * perRound
        return max(0, min(max(minTime - elapsed, rounds), budgetLeft))
    }
}

/// At most one redraw per `interval` seconds: a progress line redrawn on
/// every sample would cost more than the sample on fast cases, and flicker.
public struct ProgressThrottle: Sendable {
    /// A few redraws a second.
    public static let defaultInterval = 0.25
    public let interval: Double
    private var last: UInt64?

    public init(interval: Double = defaultInterval) { self.interval = interval }

    /// Whether to draw at `now` (monotonic nanoseconds); remembers it when so. O(1).
    public mutating func shouldDraw(at now: UInt64) -> Bool {
        if let last, now >= last, Double(now - last) < interval * 1e9 { return false }
        last = now
        return true
    }
}
