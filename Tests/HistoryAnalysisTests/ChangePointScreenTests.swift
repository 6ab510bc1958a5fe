import DiffBenchTestSupport
import Foundation
@testable import HistoryAnalysis
import Testing

/// The detector's screen (`ChangePointDetector.mayHoldReportableStep`): a
/// series it answers without scanning gets the answer the full method
/// gives it, on seeded series built to sit on either side of the floors.
@Suite struct ChangePointScreenTests {
    /// One seeded series and the floors it is judged by: flat, with steps,
    /// with noise near the floors, or with a step whose size sits just
    /// above or under a floor (its range is then close to the bound).
    static func series(_ random: inout TestRandom) -> (points: [SeriesPoint], parameters: ChangePointParameters, kind: String) {
        let count = random.int(in: 6...70)
        let base = random.chance(0.2) ? -random.double(1_000, 2_000_000) : random.double(1_000, 2_000_000)
        var parameters = ChangePointParameters(
            minimumRelativeStep: random.chance(0.2) ? 0 : random.double(0.001, 0.1),
            minimumAbsoluteStep: random.chance(0.5) ? 0 : random.double(1, 5_000), noiseMultiple: random.double(0, 2))
        parameters.permutations = 199
        parameters.significanceLevel = 0.01
        let floor = max(parameters.minimumAbsoluteStep, parameters.minimumRelativeStep * abs(base))
        let kind = ["flat", "steps", "noise near the floors", "a step near the bound", "both signs"][random.below(5)]
        var values: [Double]
        switch kind {
        case "flat":
            values = Array(repeating: base, count: count)
        case "steps":
            var level = base
            values = (0..<count).map { _ in
                if random.chance(0.1) { level += (random.chance(0.5) ? 1 : -1) * random.double(0.5, 3) * max(floor, 1) }
                return level + random.double(-0.1, 0.1) * floor
            }
        case "noise near the floors":
            let width = random.double(0.5, 1.5) * floor
            values = (0..<count).map { _ in base + random.double(0, width) }
        case "a step near the bound":
            // One clean step of 0.6–1.4 floors: its change is the whole range, so the bound is met exactly.
            let size = (random.chance(0.5) ? 1 : -1) * random.double(0.6, 1.4) * max(floor, 1)
            let at = random.int(in: 3...(count - 3))
            values = (0..<count).map { $0 < at ? base : base + size }
        default:
            values = (0..<count).map { _ in random.double(-1.5, 1.5) * max(floor, 1) }
        }
        let noisy = random.chance(0.3)
        let points = values.enumerated().map { index, value in
            SeriesPoint(commit: "c\(index)", value: value, noise: noisy ? random.double(0, 0.5) * max(floor, 1) : nil)
        }
        return (points, parameters, kind)
    }

    @Test("the detector with its screen answers exactly as without it, on 600 seeded series near the floors", .timeLimit(.minutes(10)))
    func screenChangesNoAnswer() {
        var random = TestRandom(seed: 3_636)
        var screened = 0, reported = 0
        for index in 0..<600 {
            let (points, parameters, kind) = Self.series(&random)
            let full = ChangePointDetector.unscreened(points, parameters: parameters)
            let answer = ChangePointDetector.detect(points, parameters: parameters)
            #expect(answer == full, "series \(index) (\(kind), \(points.count) points): \(answer.count) steps screened, \(full.count) without the screen")
            if !ChangePointDetector.mayHoldReportableStep(points.map(\.value), parameters: parameters) { screened += 1 }
            if !full.isEmpty { reported += 1 }
        }
        // Both sides are exercised: series the screen answers, and series with reported steps.
        #expect(screened >= 100 && reported >= 100, "\(screened) screened, \(reported) with steps")
    }

    @Test("a series whose range is under a floor, or constant, is screened; one that could hold a step is not")
    func screenBounds() {
        let parameters = ChangePointParameters(minimumRelativeStep: 0.01, minimumAbsoluteStep: 10)
        func may(_ values: [Double]) -> Bool { ChangePointDetector.mayHoldReportableStep(values, parameters: parameters) }
        #expect(!may([]))
        #expect(!may([500, 500, 500]))
        #expect(!may([500, 509.9, 505]))  // range under the absolute floor
        #expect(!may([2_000, 2_019]))  // 0.95 % of the value nearest zero
        #expect(may([2_000, 2_020]))
        #expect(!may([-2_000, -2_019]))  // the same below zero
        #expect(may([-5, 6]))  // both signs: a median before may be near zero
        #expect(may([1e308, 1.0000001e308]))  // a mean of two such values overflows: not screened
    }
}
