import Foundation
import FileSupport

/// A line on stderr while one long call runs (`diff`): what runs, the
/// seconds so far and the prediction, redrawn in place a few times a
/// second by a thread of its own (the call itself cannot report). Only on
/// a terminal, and only once the call has lasted ``delay`` seconds, so a
/// quick diff and any output read by a program see nothing; the line is
/// erased when the call ends. The label is shown escaped
/// (``TerminalText/visible(_:)``): it may hold a file name.
public final class ProgressTicker: @unchecked Sendable {
    /// Seconds before the first line: a call shorter than this shows none.
    public static let delay = 0.5
    private let lock = NSLock()
    private var stopped = false
    private var drawn = false
    private let finished = DispatchSemaphore(value: 0)
    private let label: String
    private let predictedSeconds: Double?
    private let start = monotonicNanoseconds()
    private let active: Bool

    /// Starts the ticker (on a terminal; otherwise it does nothing).
    public init(_ label: String, predictedSeconds: Double?) {
        self.label = TerminalText.visible(label)
        self.predictedSeconds = predictedSeconds
        active = isatty(STDERR_FILENO) != 0
        guard active else { return }
        Thread.detachNewThread { [self] in loop() }
    }

    /// "diff: histogram on 1,000,000 → 1,000,000 elements… 3.2 s (predicted about 5 s)". O(1).
    public static func line(_ label: String, elapsed: Double, predictedSeconds: Double?) -> String {
        var text = label + "… " + String(format: "%.1f s", elapsed)
        if let predictedSeconds, predictedSeconds >= 0.1 {
            text += predictedSeconds >= elapsed
                ? String(format: " (predicted about %.0f s)", max(predictedSeconds, 1)) : " (past its prediction)"
        }
        return text
    }

    private func loop() {
        var throttle = ProgressThrottle()
        while true {
            usleep(50_000)
            lock.lock()
            if stopped {
                lock.unlock()
                break
            }
            let now = monotonicNanoseconds()
            let elapsed = Double(now - start) / 1e9
            if elapsed >= Self.delay, throttle.shouldDraw(at: now) {
                FileHandle.standardError.write(
                    Data(("\r\u{1B}[2K" + Self.line(label, elapsed: elapsed, predictedSeconds: predictedSeconds)).utf8))
                drawn = true
            }
            lock.unlock()
        }
        finished.signal()
    }

    /// Stops the ticker and erases its line; returns once the thread has
    /// stopped drawing, so nothing lands after the caller's own output.
    public func stop() {
        guard active else { return }
        lock.lock()
        stopped = true
        lock.unlock()
        finished.wait()
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
