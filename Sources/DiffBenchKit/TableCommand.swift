import ArgumentParser
import DiffEngines
import Foundation
import Rendering
import InputFiles
import Teaching

struct TableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Render the LCS memo table of two (large) lists as a PNG heatmap, one pixel per cell.",
        discussion: """
            The lists come from a dataset file (--dataset, as written by `diffbench generate`) \
            or from two JSON files as for `diff` (--old, --new). The table has (N+1) × (M+1) \
            cells; each is coloured by its value (the LCS length of two prefixes) on a perceptual \
            ramp, the traceback path drawn in red. Tables with a side over --max-side cells are \
            reduced by averaging square blocks of cells; small tables are enlarged. The table must \
            fit the LCS memory budget (--memory-budget, MiB), as for the lcs engine.

            Exit status: 0 on success, 2 on bad input (unreadable or malformed file, a table over \
            the memory budget, an output that cannot be written).
            """
    )

    @Option(name: .long, help: "A dataset file (see Datasets/README.md).")
    var dataset: String?

    @Option(name: .long, help: "The old list (a JSON file).")
    var old: String?

    @Option(name: .long, help: "The new list (a JSON file).")
    var new: String?

    @Option(name: .long, help: "The PNG to write.")
    var png: String

    @Option(name: .long, help: "Most pixels per side of the table before blocks of cells are averaged.")
    var maxSide: Int = 4096

    @Option(name: .long, help: ArgumentHelp("Memory budget of the LCS table in MiB (as run --lcs-memory-budget).", valueName: "MiB"))
    var memoryBudget = Mebibytes(bytes: DiffOptions.defaultLCSMemoryBudget)

    @Option(name: .long, help: "Caption title (default: the file names).")
    var title: String?

    func validate() throws {
        guard maxSide >= 16 else { throw ValidationError("--max-side must be at least 16") }
    }

    func run() throws {
        let lists = try loadLists()
        try render(old: lists.old, new: lists.new, title: title ?? lists.title)
        print("wrote \(png)")
    }

    /// The two lists and a default title.
    func loadLists() throws -> (old: [FeedItem], new: [FeedItem], title: String) {
        if let dataset {
            guard old == nil, new == nil else {
                throw CLIFailure.badInput("table: give either --dataset FILE or --old FILE --new FILE, not both")
            }
            do {
                let loaded = try DatasetFile.read(path: dataset)
                return (loaded.old, loaded.new, "LCS memo table: \(loaded.workload) n=\(loaded.size) seed \(loaded.seed)")
            } catch {
                throw CLIFailure.badInput(error.description)
            }
        }
        guard let old, let new else {
            throw CLIFailure.badInput("table: give --dataset FILE, or the two lists with --old FILE --new FILE")
        }
        let pair = try ListPair.load(old: old, new: new, chars: false)
        return (pair.old.items, pair.new.items, "LCS memo table: \(TeachCommand.baseName(old)) → \(TeachCommand.baseName(new))")
    }

    /// Builds the table over the items' ids and writes the heatmap to `png`.
    func render(old: [FeedItem], new: [FeedItem], title: String) throws {
        let table: LCSTable
        do {
            table = try LCSTable(
                old: old.map(\.id), new: new.map(\.id), identity: ValueElements<Int>(), memoryBudget: memoryBudget.bytes)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        let image = LCSHeatmap.render(table: table, title: title.uppercased(), maxSide: maxSide)
        do {
            try PNGFile.write(image, to: png)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
    }
}
