import DiffBenchTestSupport
import Foundation
@testable import HistoryStore
import Testing

/// The time stamp `history add` stores, against Foundation's own formatter.
@Suite struct UTCTimestampTests {
    @Test("the stamp of 500 random moments from 1970 to 9999, and of the edges, is ISO8601DateFormatter's")
    func stampIsTheFormattersText() {
        let formatter = ISO8601DateFormatter()
        var random = TestRandom(seed: 3_608)
        let moments = [0, 59, 86_399, 951_782_400, 1_700_000_000, 253_402_300_799] + (0..<500).map { _ in random.int(in: 0...253_402_300_799) }
        for seconds in moments {
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(UTCTimestamp.text(secondsSince1970: seconds) == expected, "\(seconds)")
        }
        #expect(UTCTimestamp.now().count == 20)
    }
}
