import RunResults
import Foundation
import Testing

import DiffBenchTestSupport

@Suite("Power-law fit") struct PowerLawFitTests {
    @Test("recovers known exponents and coefficients from exact power laws")
    func exactLaws() throws {
        var random = TestRandom(seed: 11)
        for _ in 0..<200 {
            let exponent = random.double(-1, 3), coefficient = random.double(0.01, 1e4)
            var sizes: Set<Double> = []
            let wanted = random.int(in: 2...7)
            while sizes.count < wanted { sizes.insert(Double(random.int(in: 2...2_000_000))) }
            let points = sizes.map { (x: $0, y: coefficient * pow($0, exponent)) }
            let fit = try #require(PowerLawFit.fit(points))
            #expect(abs(fit.exponent - exponent) < 1e-9)
            #expect(abs(fit.coefficient / coefficient - 1) < 1e-7)
            #expect(fit.points == points.count)
            #expect(abs(fit.rSquared - 1) < 1e-9 || exponent.magnitude < 1e-6)
            for point in points { #expect(abs(fit.value(at: point.x) / point.y - 1) < 1e-7) }
        }
    }

    @Test("a hand-worked case: (1, 1), (2, 2), (4, 8) has slope 3/2 on log–log axes")
    func handWorked() throws {
        // ln x = 0, L, 2L and ln y = 0, L, 3L (L = ln 2): means L and 4L/3,
        // covariance 3L², variance 2L², slope 3/2, intercept 4L/3 − 3L/2 = −L/6.
        let fit = try #require(PowerLawFit.fit([(1, 1), (2, 2), (4, 8)]))
        #expect(abs(fit.exponent - 1.5) < 1e-12)
        #expect(abs(fit.coefficient - pow(2, -1.0 / 6)) < 1e-12)
        #expect(fit.rSquared < 1 && fit.rSquared > 0.9)
        #expect(fit.exponentText == "1.50")
    }

    @Test("noisy measurements: the fitted exponent stays near the true one")
    func noise() throws {
        var random = TestRandom(seed: 5)
        for _ in 0..<50 {
            let exponent = random.double(0.5, 2.5)
            let points = (1...40).map { step -> (x: Double, y: Double) in
                let size = pow(10, 1 + Double(step) / 8)
                return (size, 300 * pow(size, exponent) * random.double(0.9, 1.1))
            }
            let fit = try #require(PowerLawFit.fit(points))
            #expect(abs(fit.exponent - exponent) < 0.03, "k = \(exponent), fitted \(fit.exponent)")
        }
    }

    @Test("no fit without two distinct sizes or with values a log scale cannot hold")
    func undefined() {
        #expect(PowerLawFit.fit([]) == nil)
        #expect(PowerLawFit.fit([(100, 5)]) == nil)
        #expect(PowerLawFit.fit([(100, 5), (100, 7)]) == nil)
        #expect(PowerLawFit.fit([(100, 5), (1000, 0)]) == nil)
        #expect(PowerLawFit.fit([(100, 5), (1000, -3)]) == nil)
        #expect(PowerLawFit.fit([(0, 5), (1000, 3)]) == nil)
        #expect(PowerLawFit.fit([(100, 5), (1000, .infinity)]) == nil)
        #expect(PowerLawFit.fit([(100, 5), (1000, 5)])?.exponentText == "0.00")
    }
}
