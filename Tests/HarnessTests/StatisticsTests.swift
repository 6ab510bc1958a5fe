import Testing

@testable import Harness

@Suite struct StatisticsTests {
    @Test func knownSample() throws {
        let statistics = try #require(SampleStatistics([5, 1, 4, 2, 3, 100, 6, 7, 8, 9]))
        #expect(statistics.count == 10)
        #expect(statistics.min == 1)
        #expect(statistics.max == 100)
        #expect(statistics.median == 5.5)
        // Type-7 quantile: position 0.9 × 9 = 8.1 between 9 and 100.
        #expect(abs(statistics.p90 - (9 + 0.1 * 91)) < 1e-9)
        // |x − 5.5| sorted: 0.5 0.5 1.5 1.5 2.5 2.5 3.5 3.5 4.5 94.5 → median 2.5
        #expect(statistics.mad == 2.5)
    }

    @Test func oneSampleAndEmpty() {
        #expect(SampleStatistics([]) == nil)
        let single = SampleStatistics([42])
        #expect(single?.median == 42 && single?.p90 == 42 && single?.mad == 0)
    }

    @Test func outlierBarelyMovesTheMedian() throws {
        var samples = [Double](repeating: 100, count: 20)
        samples.append(1e9)
        let statistics = try #require(SampleStatistics(samples))
        #expect(statistics.median == 100)
        #expect(statistics.mad == 0)
    }
}
