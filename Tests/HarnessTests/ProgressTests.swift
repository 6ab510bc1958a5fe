import Testing

@testable import Harness

/// The progress line inside a case: its estimate, its throttle, and its silence off a terminal.
@Suite("Progress") struct ProgressTests {
    @Test("time left: the minimum time, or the missing rounds at the mean round so far, whichever is longer; capped by the budgets left")
    func estimate() {
        // 2 of 10 rounds in 1 s: 8 more rounds at 0.5 s = 4 s, over the 0.5 s of minimum time left.
        #expect(SamplingProgress.estimate(round: 2, elapsed: 1, minSamples: 10, minTime: 1.5, budgetLeft: 100) == 4)
        // Rounds done, minimum time not: the time left to it.
        #expect(SamplingProgress.estimate(round: 12, elapsed: 1, minSamples: 10, minTime: 3, budgetLeft: 100) == 2)
        // The engines still timing can spend only 1.5 s more before their budgets stop them.
        #expect(SamplingProgress.estimate(round: 2, elapsed: 1, minSamples: 10, minTime: 1.5, budgetLeft: 1.5) == 1.5)
        // Nothing left.
        #expect(SamplingProgress.estimate(round: 12, elapsed: 5, minSamples: 10, minTime: 3, budgetLeft: 100) == 0)
        #expect(SamplingProgress(samples: 1_234, secondsLeft: 11.2).text == "1,234 samples, about 12 s left in this case")
        #expect(SamplingProgress(samples: 1, secondsLeft: 0.3).text == "1 sample, under a second left in this case")
    }

    @Test("a redraw at most every quarter second (times given, no clock)")
    func throttle() {
        var throttle = ProgressThrottle()
        let draws = [1_000_000_000, 1_100_000_000, 1_249_000_000, 1_250_000_000, 1_400_000_000].map { throttle.shouldDraw(at: UInt64($0)) }
        #expect(draws == [true, false, false, true, false])
    }

    @Test("inside a case the line shows samples and time left on a terminal, and nothing in a log")
    func silentOffTerminal() {
        var logged: [String] = []
        let log = ProgressReporter(total: 3, interactive: false) { logged.append($0) }
        log.starting("text@1000")
        log.sampling(SamplingProgress(samples: 40, secondsLeft: 3))
        #expect(logged.count == 1 && !logged.joined().contains("samples"))

        var drawn: [String] = []
        let terminal = ProgressReporter(total: 3, interactive: true) { drawn.append($0) }
        terminal.starting("text@1000")
        terminal.sampling(SamplingProgress(samples: 40, secondsLeft: 3))
        #expect(drawn.count == 2)
        #expect(drawn.last?.hasPrefix("\r\u{1B}[2K[1/3] text@1000") == true)
        #expect(drawn.last?.hasSuffix(" — 40 samples, about 3 s left in this case") == true, "\(drawn)")
    }

    @Test("diff's line: what runs, the seconds so far, the prediction while it holds")
    func tickerLine() {
        #expect(ProgressTicker.line("diff: histogram on 10 → 12 elements", elapsed: 3.24, predictedSeconds: 5.2)
            == "diff: histogram on 10 → 12 elements… 3.2 s (predicted about 5 s)")
        #expect(ProgressTicker.line("diff: x", elapsed: 7, predictedSeconds: 5.2) == "diff: x… 7.0 s (past its prediction)")
        #expect(ProgressTicker.line("diff: x", elapsed: 0.6, predictedSeconds: nil) == "diff: x… 0.6 s")
    }
}
