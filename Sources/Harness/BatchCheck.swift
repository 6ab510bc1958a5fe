import DiffEngines
import InputFiles
import ListUpdates

/// The batch-update check every verified changeset must pass: the changeset
/// becomes UIKit batch updates (staged where one batch cannot say it),
/// which must pass the UIKit rule model and leave the new list on screen.
/// On a sectioned dataset the same engine also diffs the sections, and
/// that staged batch must turn the old sections into the new ones.
///
/// Complexity: O(N + M) for the flat check plus the engine's own cost on
/// the sections and their rows (untimed; it runs once per engine and dataset).
enum BatchCheck {
    /// A problem in words, or nil when the batches are valid.
    static func problem(engine: EngineDescriptor, dataset: Dataset, changeset: Changeset) -> String? {
        do {
            let staged = try StagedBatches.make(from: changeset, oldCount: dataset.old.count, newCount: dataset.new.count)
            if let problem = ListViewState.validate(
                staged, from: ListViewState(rows: dataset.old), expecting: ListViewState(rows: dataset.new))
            {
                return problem
            }
        } catch {
            return "the changeset cannot be turned into a batch: \(error)"
        }
        guard let oldSections = dataset.oldSections, let newSections = dataset.newSections else { return nil }
        do {
            let staged = try SectionedDiff.diff(using: engine.engine, old: oldSections, new: newSections)
            if let problem = ListViewState.validate(
                staged, from: ListViewState(sections: oldSections), expecting: ListViewState(sections: newSections))
            {
                return "sections: " + problem
            }
        } catch {
            return "sections: \(error)"
        }
        return nil
    }
}
