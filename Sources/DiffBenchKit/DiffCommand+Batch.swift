import DiffEngines
import Harness
import Workloads
import InputFiles
import ListUpdates

extension DiffCommand {
    /// `diff --format batch|batch-json`: the change as UIKit batch updates.
    ///
    /// Flat lists go through the engine's changeset and
    /// ``StagedBatches/make(from:oldCount:newCount:section:)``; files of
    /// sections through ``SectionedDiff`` with the same engine at both
    /// levels. Either way the stages are checked against the UIKit model
    /// before anything is printed (exit 1 if they fail, which would be a bug).
    /// A plug-in's calls (both levels of a sectioned diff) are made in a
    /// worker of its own (``PluginLimitsOptions``): its fault is exit 1.
    func runBatch(descriptor: EngineDescriptor, options: DiffOptions) throws {
        let engineName = descriptor.name
        let pair = try StatePair.load(old: old, new: new, chars: chars, lines: lists.files.lines)
        let oldState = pair.old.state, newState = pair.new.state
        let staged: StagedBatches
        do {
          // What the engine prints goes to stderr: stdout is the batch listing.
          staged = try StandardOutput.divertedToStandardError { () throws -> StagedBatches in
            if pair.sectioned {
                let call = EngineCall(engine: engineName, lists: .sections(old: oldState.sections, new: newState.sections), options: options)
                return try pluginLimits.call(descriptor, timeBudget: timeBudget) {
                    Result { () throws(DiffError) -> StagedBatches in
                        try SectionedDiff.diff(using: descriptor.engine, old: oldState.sections, new: newState.sections, options: options)
                    }
                } inWorker: { try call.stagedInWorker($0) }.get()
            } else {
                let oldRows = oldState.sections[0].rows, newRows = newState.sections[0].rows
                // The same time budget as the plain listing (ids by their codes).
                func items(_ rows: [ListRow]) -> [FeedItem] { rows.map { FeedItem(id: $0.id.code, content: 0) } }
                try checkBudget(descriptor, old: items(oldRows), new: items(newRows))
                let changeset = try pluginLimits.call(descriptor, .rows(old: oldRows, new: newRows), options: options, timeBudget: timeBudget) {
                    Result { () throws(DiffError) -> Changeset in
                        try descriptor.engine.diff(from: oldRows, to: newRows, identity: IdentifiedElements<ListRow>(), options: options)
                    }
                }.get()
                if let problem = changeset.verify(old: oldRows, new: newRows) {
                    throw CLIFailure.checkFailed("the \(engineName.rawValue) changeset is wrong: \(problem)")
                }
                do {
                    return try StagedBatches.make(from: changeset, oldCount: oldRows.count, newCount: newRows.count)
                } catch let error as ChangesetError {
                    throw CLIFailure.checkFailed("the \(engineName.rawValue) changeset is wrong: \(error.message)")
                }
            }
          }
        } catch let fault as EngineCall.Fault {
            throw PluginLimitsOptions.failure(engineName, fault)
        } catch let error as DiffError {
            if case .duplicateID = error, let repeated = pair.firstRepeat() {
                throw CLIFailure.badInput(
                    "\(repeated); the set engine needs unique ids (\(DiffBench.engines.repeatedIDNames) accept repeated ids)")
            }
            throw CLIFailure.badInput(error.description)
        }
        let states: [FileState]
        do {
            states = try ListViewState.stageStates(staged, from: oldState, expecting: newState)
        } catch {
            throw CLIFailure.checkFailed("the \(engineName.rawValue) batch updates fail the UIKit model: \(error)")
        }
        switch printing.format {
        case .batchJSON: print(BatchFile.render(staged, engine: engineName.rawValue))
        default: print(BatchText.render(staged, states: states, engine: engineName.rawValue, style: .collectionView))
        }
    }
}
