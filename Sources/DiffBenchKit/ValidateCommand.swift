import ArgumentParser
import InputFiles
import ListUpdates

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a batch file against UIKit's batch-update rules and a before/after state.",
        discussion: """
            BATCH is a batch file (as written by `diffbench diff --format batch-json`):
            {"schema": "diffbench.batch", "version": 1, "stages": [{"delete_sections": [s], \
            "insert_sections": [s], "move_sections": [{"from": s, "to": s}], "reload_sections": [s], \
            "delete_items": [[s, r]], "insert_items": [[s, r]], "move_items": [{"from": [s, r], \
            "to": [s, r]}], "reload_items": [[s, r]]}]}. Each stage is one performBatchUpdates \
            call; deletes and reloads use index paths before the update, inserts after it, moves \
            go from before to after.

            OLD and NEW are the data before and after: a JSON array of strings, numbers or \
            {"id", "content"} objects (one section), or of sections {"id", "rows": [...]}.

            Every stage must pass the checks UIKit makes (the message is UIKit's \
            NSInternalInconsistencyException text where UIKit's wording is known), and after the \
            last stage the list must show NEW: the same ids in the same places, with the new \
            contents (a missing reload or a move of the wrong item fails here).

            Exit status: 0 when the batches are valid, 1 when they are not (the message says \
            which stage and why), 2 on bad usage or an unreadable or malformed file.
            """
    )

    @Option(name: .long, help: "Wording of the messages: collection (items, UICollectionView) or table (rows, UITableView).")
    var style: ListViewStyle = .collectionView

    @OptionGroup var printing: FormatOption<OutputFormat>

    @Argument(help: "The batch file.")
    var batch: String

    @Argument(help: "The data before the update (a JSON file).")
    var old: String

    @Argument(help: "The data after the update (a JSON file).")
    var new: String

    func run() throws {
        guard printing.format == .text || printing.format == .json else {
            throw CLIFailure.badInput("validate writes text or json, not \(printing.format.rawValue)")
        }
        let staged: StagedBatches
        do {
            staged = try BatchFile.read(path: batch)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        let pair = try StatePair.load(old: old, new: new, chars: false)
        let failure = ListViewState.check(staged, from: pair.old.state, expecting: pair.new.state, style: style)
        let stages = staged.stages.count
        if printing.format == .json {
            var fields = ["\"valid\": \(failure == nil)", "\"stages\": \(stages)"]
            if let failure {
                fields.append("\"stage\": \(failure.stage.map(String.init) ?? "null")")
                fields.append("\"kind\": \(JSONValue.quoted(failure.kind.rawValue))")
                fields.append("\"message\": \(JSONValue.quoted(failure.message))")
            }
            print("{" + fields.joined(separator: ", ") + "}")
            if failure != nil { throw CLIFailure.checkFailed("\(batch): not valid") }
            return
        }
        if let failure {
            let lead: String
            switch failure.kind {
            case .uikitException: lead = "UIKit would raise NSInternalInconsistencyException in "
            case .refused: lead = "DiffBench refuses "
            case .wrongScreen: lead = "the list would show the wrong data after "
            }
            let place = failure.stage.map { "batch \($0) of \(stages)" } ?? "the empty batch list"
            throw CLIFailure.checkFailed("\(batch): \(lead)\(place): \(failure.message)")
        }
        print(
            "\(batch): valid — \(stages) batch update\(stages == 1 ? "" : "s") turn \(old) into \(new) "
                + "under UIKit's rules (\(style == .collectionView ? "UICollectionView" : "UITableView") wording)")
    }
}

extension ListViewStyle: ExpressibleByArgument {}
