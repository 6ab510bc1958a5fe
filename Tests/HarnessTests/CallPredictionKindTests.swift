import DiffEngines
import InputFiles
import Testing
import RunResults
import Workloads

@testable import Harness

/// `diff` and `hunks` price a call before making it (``CallPrediction``).
/// A user's lists are strings, which the engines compare as strings, so
/// their call must be priced in the string kind's calibration, not as the
/// integers the prediction numbers them into. The calibration here is a
/// fixed model (no clock): a uuid factor of 8 for myers.
@Suite struct CallPredictionKindTests {
    /// A model of myers alone: 1 ns a unit on integers, `factor` times that on uuid strings.
    static func model(factor: Double) -> CostModel {
        var model = CostModel()
        model.nanosecondsPerUnit[.myers] = 1
        model.units[.myers] = .trimmedDifferencesSquared
        model.searchNanosecondsPerUnit = 1
        model.kindFactors[.uuid] = [.myers: factor]
        return model
    }

    /// Two lists of 6,000 distinct strings with nothing in common: about
    /// 7.2·10⁷ units of Myers' work, well over the 10⁷ a calibration needs.
    static let old = (0..<6_000).map { "old line \($0)" }
    static let new = (0..<6_000).map { "new line \($0)" }

    @Test func userListsArePricedInTheStringKind() throws {
        let myers = try #require(EngineRegistry.builtIns.descriptor(named: .myers))
        var asked: [[ElementKind]] = []
        let calibration: CallPrediction.Calibration = { kinds in
            asked.append(kinds)
            return Self.model(factor: 8)
        }
        let strings = try #require(try CallPrediction.seconds(myers, lists: .values(Self.old, Self.new), calibration: calibration))
        let numbered = (0..<6_000).map { FeedItem(id: $0, content: 0) }, others = (6_000..<12_000).map { FeedItem(id: $0, content: 0) }
        let integers = try #require(try CallPrediction.seconds(myers, old: numbered, new: others, kind: .int, calibration: calibration))
        #expect(asked == [[.int, CallPrediction.userListKind], [.int]])
        #expect(CallPrediction.userListKind != .int)
        // The same pair facts (6,000 against 6,000, none in common): only the kind's factor differs.
        #expect(abs(strings / integers - 8) < 1e-9, "strings \(strings) s, integers \(integers) s")
    }

    @Test func objectIDsArePricedInTheStringKindToo() throws {
        let myers = try #require(EngineRegistry.builtIns.descriptor(named: .myers))
        let item = { (text: String) in UserItem(id: UserID(text: text, isNumber: false), content: "null") }
        let lists = UserLists.items(Self.old.map(item), Self.new.map(item))
        let priced = try #require(try CallPrediction.seconds(myers, lists: lists, calibration: { _ in Self.model(factor: 8) }))
        let unpriced = try #require(try CallPrediction.seconds(myers, lists: lists, calibration: { _ in Self.model(factor: 1) }))
        #expect(abs(priced / unpriced - 8) < 1e-9)
    }
}
