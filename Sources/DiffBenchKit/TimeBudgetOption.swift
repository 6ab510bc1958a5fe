import ArgumentParser
import Foundation
import Harness

/// `--time-budget`, with one meaning, one default and one help text in
/// every command that takes it (`run`, `diff`, `hunks`): the seconds one
/// engine may take on one input — a dataset in `run`, the pair of lists in
/// `diff`, one file's two versions in `hunks` — before a call predicted to
/// need more is refused (with the prediction in the reason); 0 for no limit.
struct TimeBudgetOption: ParsableArguments {
    @Option(
        name: .customLong("time-budget"),
        help: ArgumentHelp(
            "Seconds one engine may take on one input (a dataset of run, the pair of diff, a file of hunks): "
                + "an engine predicted to need more is refused, with the prediction in the reason; 0 for no limit. "
                + "Default: \(Self.defaultText).",
            valueName: "seconds"))
    var seconds: Double = RunPlan.defaultTimeBudget

    /// The default as the help text shows it ("5").
    static var defaultText: String { String(format: "%g", RunPlan.defaultTimeBudget) }

    /// The budget in seconds, or nil for no limit (0).
    var limit: Double? { seconds > 0 ? seconds : nil }

    func validate() throws {
        guard seconds >= 0, seconds.isFinite else {
            throw ValidationError("--time-budget must be 0 (no limit) or a positive number of seconds")
        }
    }
}
