import Foundation
import Testing

/// The time prediction follows the element kind: an engine that compares
/// ids inside its search pays a string comparison per unit in `uuid` and
/// `record`, and its prediction must say so. Checked against callgrind's
/// instruction counts of the same calls (deterministic), never a clock:
/// the seconds predicted per instruction counted must agree across kinds
/// within a factor, as they do across the other kinds. Calibrated on
/// integer ids alone, uuid calls were predicted 15–36× too cheap.
@Suite(.serialized) struct KindPredictionTests {
    /// The most the predicted seconds per instruction may differ between
    /// two kinds of one engine on one dataset (the calibration is a timed
    /// best of three, so a loaded machine moves it; a kind ignored moves it 15× or more).
    static let factor = 4.0

    @Test(
        "predicted seconds per counted instruction agree across int, uuid and record for every predicted engine",
        .enabled(if: CIGateTests.valgrindInstalled, "valgrind is not installed: instruction counts cannot be measured"),
        .timeLimit(.minutes(10)))
    func predictionFollowsTheKind() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(
            ["run", "--engines", "myers,lcs,patience,histogram", "--workloads", "mixed", "--sizes", "1500",
             "--elements", "int,uuid,record", "--instructions", "--repetitions", "1", "--min-time", "0", "--time-budget", "0",
             "--no-memory", "--no-floor", "--output", dir.path, "--name", "kinds", "--datasets-dir", "", "--quiet", "--no-history", "--memo", ""])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("kinds/results.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        var perEngine: [String: [String: Double]] = [:]
        for row in rows {
            guard let engine = row["engine"] as? String, let kind = row["elements"] as? String,
                let predicted = row["predicted_seconds"] as? Double, let instructions = row["instructions"] as? Int, instructions > 0
            else { continue }
            perEngine[engine, default: [:]][kind] = predicted / Double(instructions)
        }
        #expect(Set(perEngine.keys) == ["myers", "lcs", "patience", "histogram"], "\(rows)")
        for (engine, kinds) in perEngine {
            #expect(kinds.count == 3, "\(engine): \(kinds)")
            let low = kinds.values.min() ?? 0, high = kinds.values.max() ?? 0
            #expect(low > 0 && high / low <= Self.factor, "\(engine): seconds predicted per instruction by kind \(kinds)")
        }
    }
}
