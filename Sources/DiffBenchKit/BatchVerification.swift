import DiffEngines
import Workloads
import Formats
import ListUpdates
import Rendering
import Teaching

/// The batch-update check the runner applies to every verified changeset:
/// the changeset becomes UIKit batch updates (staged where one batch cannot
/// say it), which must pass the UIKit rule model and leave the new list on
/// screen. On a sectioned dataset the same engine also diffs the sections,
/// and that staged batch must turn the old sections into the new ones.
enum BatchVerification {
    static let check: @Sendable (EngineName, Dataset, Changeset) -> String? = { engine, dataset, changeset in
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
            let staged = try SectionedDiff.diff(engine: engine, old: oldSections, new: newSections)
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
