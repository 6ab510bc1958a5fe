import DiffEngines
import InputFiles
import Workloads

extension ProjectedLists {
    /// `changeset` with its sliders placed by `policy` on these lists. The
    /// indent score reads `text` (the dataset's lines, when it has them);
    /// without it, `indent` places as `down`. O(N + M + slides).
    func placingSliders(_ policy: SliderPolicy, _ changeset: Changeset, text: (old: [String], new: [String])?) -> Changeset {
        switch self {
        case let .items(old, new):
            return changeset.placingSliders(policy, old: old, new: new, identity: IdentifiedElements<FeedItem>(), text: text)
        case let .uuids(old, new):
            return changeset.placingSliders(policy, old: old, new: new, identity: IdentifiedElements<UUIDItem>(), text: text)
        case let .records(old, new):
            return changeset.placingSliders(policy, old: old, new: new, identity: IdentifiedElements<FeedRecord>(), text: text)
        case let .strings(old, new):
            return changeset.placingSliders(policy, old: old, new: new, identity: TextLineElements(), text: text)
        }
    }
}

extension CaseRun {
    /// The dataset's lines when its ids stand for texts (`symbols`, as the
    /// git import writes them), for the indent score. O(N + M).
    var sliderText: (old: [String], new: [String])? {
        guard plan.sliders == .indent, let symbols = dataset.symbols else { return nil }
        func text(_ items: [FeedItem]) -> [String] { items.map { $0.id >= 0 && $0.id < symbols.count ? symbols[$0.id] : "" } }
        return (text(dataset.old), text(dataset.new))
    }

    /// The engine's verified answer with the plan's sliders placed, checked
    /// again: nil and a reason when placing broke it. Untimed: the rows
    /// time the engine alone. O(N + M + slides).
    func placingSliders(_ changeset: Changeset) -> (Changeset?, problem: String?) {
        guard plan.sliders != .none else { return (changeset, nil) }
        let placed = lists.placingSliders(plan.sliders, changeset, text: sliderText)
        if let problem = verifyProblem(placed) { return (nil, "after --sliders \(plan.sliders.rawValue): \(problem)") }
        return (placed, nil)
    }
}

extension CaseRun {
    /// Whether `placed` (the answer with the run's sliders placed) has the
    /// hunk headers git gave for the pair, or nil when the dataset carries
    /// none (not a git import). The headers follow from the changeset and
    /// the line counts alone (lines paired by the changeset hold the same
    /// symbol), so each symbol stands as one line, whether it holds its
    /// ending (``TextLines/strings()``) or, in a dataset written before
    /// endings were part of a line, not. Untimed, on the verification call
    /// only. O(N + M).
    func gitHunksEqual(_ placed: Changeset) -> Bool? {
        guard let expected = dataset.gitHunks, let symbols = dataset.symbols else { return nil }
        func text(_ items: [FeedItem]) -> TextLines {
            TextLines(
                lines: items.map { $0.id >= 0 && $0.id < symbols.count ? symbols[$0.id] : "" },
                endings: Array(repeating: .lf, count: items.count))
        }
        return UnifiedDiff.hunkHeaders(placed, old: text(dataset.old), new: text(dataset.new)) == expected
    }
}
