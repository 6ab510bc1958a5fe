import DiffEngines
import FileSupport
import Rendering

/// `index.md` and `index.html`: what the pair is (N, M, D, the LCS), every
/// engine's changeset side by side, and each file with a caption.
enum TeachingIndex {
    struct Section {
        var heading: String
        var text: String
        var image: String?
        var files: [String]
    }

    static func sections(pictures: [TeachingPicture], drawn: Set<String>) -> [Section] {
        func caption(_ name: String) -> String { pictures.first { $0.name == name }?.caption ?? "" }
        func image(_ name: String) -> String? { drawn.contains(name + ".png") ? name + ".png" : nil }
        return [
            Section(
                heading: "The LCS memo table", text: caption("lcs-table"), image: image("lcs-table"),
                files: ["lcs-table.txt", "lcs-table.tsv", "lcs-table.dat", "lcs-table.gp"]),
            Section(
                heading: "Myers' edit graph", text: caption("myers-graph"), image: image("myers-graph"),
                files: ["myers-trace.txt", "myers-graph.dat", "myers-graph.gp"]),
            Section(
                heading: "Myers in linear space: the middle snake", text: caption("myers-middle-snake"),
                image: image("myers-middle-snake"), files: ["myers-trace.txt", "myers-middle-snake.dat", "myers-middle-snake.gp"]),
            Section(heading: "How much of the table each algorithm touches", text: caption("work"), image: image("work"), files: ["work.dat", "work.gp"]),
            Section(
                heading: "Heckel's six passes", text: caption("heckel"), image: image("heckel"),
                files: ["heckel-passes.txt", "heckel.dat", "heckel.gp"]),
            Section(
                heading: "The chosen engine's answer on the edit graph", text: caption("engine-path"), image: image("engine-path"),
                files: ["engine-path.dat", "engine-path.gp"]),
        ] + pictures.filter { $0.name.hasPrefix("engine-path-") }.map { picture in
            Section(
                heading: "Another engine's answer on the edit graph: " + picture.name.dropFirst("engine-path-".count),
                text: picture.caption, image: image(picture.name), files: [picture.dataFile, picture.scriptFile])
        } + [
            Section(
                heading: "The batch-update storyboard", text: caption("storyboard"), image: image("storyboard"),
                files: ["storyboard.dat", "storyboard.gp"]),
        ]
    }

    struct Facts {
        var title: String
        var pair: TeachingPair
        var runs: [EngineRun]
        var storyboardEngine: EngineName
        var patch: [PatchStep]
        var missingPictures: [String]
        /// The greedy Myers path the edit-graph picture draws in gold.
        var drawnPath: [GridPoint] = []
        /// The linear-space search's path (myers-middle-snake.png), which the
        /// myers engine's answer follows when it is not the gold one.
        var linearPath: [GridPoint] = []
    }

    static func engineRows(_ facts: Facts) -> [[String]] {
        facts.runs.map { run in
            switch run.result {
            case let .success(c):
                return [
                    run.engine.rawValue, list(c.deletes), list(c.inserts), c.moves.isEmpty ? "–" : c.moves.map(\.description).joined(separator: ", "),
                    c.updates.isEmpty ? "–" : c.updates.map(\.description).joined(separator: ", "), String(c.stepCount),
                    run.problem.map { "no: " + $0 } ?? "yes",
                ]
            case let .failure(error):
                return [run.engine.rawValue, "refused: " + describe(error, facts.pair), "", "", "", "", ""]
            }
        }
    }

    /// An engine's refusal with ids named as written in the lists (the
    /// engine itself only knows an internal code for a repeated id).
    static func describe(_ error: DiffError, _ pair: TeachingPair) -> String {
        if case let .duplicateID(_, side, first, second) = error {
            let labels = side == .old ? pair.oldLabels : pair.newLabels
            let name = labels.indices.contains(first) ? "\"\(DisplayLabel.make(labels[first], limit: 24))\"" : "at \(first)"
            return "duplicate id \(name) in the \(side.rawValue) list at positions \(first) and \(second); "
                + "this engine needs unique ids (\(DiffError.builtInsAcceptingRepeatedIDs) accept repeated ids)"
        }
        return error.description
    }

    static func list(_ values: [Int]) -> String { values.isEmpty ? "–" : values.map(String.init).joined(separator: ", ") }

    static func summaryLines(_ facts: Facts) -> [String] {
        let pair = facts.pair
        let lcs = pair.lcsLabels.map { DisplayLabel.make($0) }
        return [
            "N = \(pair.n) old elements: " + (pair.n == 0 ? "(none)" : pair.oldLabels.map { DisplayLabel.make($0) }.joined(separator: " ")),
            "M = \(pair.m) new elements: " + (pair.m == 0 ? "(none)" : pair.newLabels.map { DisplayLabel.make($0) }.joined(separator: " ")),
            "LCS (length \(pair.table.length)): " + (lcs.isEmpty ? "(empty)" : lcs.joined(separator: " ")),
            "D = \(pair.editDistance): the fewest deletes + inserts, N + M − 2·LCS (moves can replace a delete + insert pair)",
            levenshteinNote(pair),
        ]
    }

    /// Students know the Levenshtein distance (kitten → sitting is 3); D
    /// counts a substitution as a delete plus an insert, so it is larger
    /// whenever a substitution helps (kitten → sitting: D = 5).
    static func levenshteinNote(_ pair: TeachingPair) -> String {
        let levenshtein = TeachingReconcile.levenshtein(pair.codes.old, pair.codes.new)
        return "Levenshtein distance = \(levenshtein): it counts a substitution as one edit, D counts it as a delete plus an insert"
            + (levenshtein == pair.editDistance ? " (no substitution helps here, so the two agree)" : ", so D is larger here")
    }

    static let engineHeader = ["engine", "deletes (old)", "inserts (new)", "moves (old→new)", "updates (old→new)", "steps", "verified"]

    static func markdown(_ facts: Facts, sections: [Section]) -> String {
        var out = "# Teaching report: \(MarkdownText.escape(facts.title))\n\n"
        out += summaryLines(facts).map { "- " + MarkdownText.escape($0) }.joined(separator: "\n") + "\n\n"
        if !facts.missingPictures.isEmpty {
            out += "> Pictures not drawn (gnuplot missing): \(facts.missingPictures.joined(separator: ", ")). "
                + GnuplotProcess.installHint + "; or run `gnuplot NAME.gp` in this folder.\n\n"
        }
        out += "[Step through the algorithms](stepper.html): the LCS table cell by cell, Myers diagonal by diagonal and in linear space, Heckel pass by pass, patience box by box (one offline page; ← and → step).\n\n"
        out += "## The engines side by side\n\n"
        out += "Indices as in a batch update: deletes are old indices, inserts new indices, moves and updates go old → new.\n\n"
        out += "| " + engineHeader.joined(separator: " | ") + " |\n"
        out += "|" + engineHeader.map { _ in "---" }.joined(separator: "|") + "|\n"
        for row in engineRows(facts) { out += "| " + row.map(MarkdownText.escape).joined(separator: " | ") + " |\n" }
        out += "\n## From the drawn path to each engine's answer\n\n"
        out += TeachingReconcile.lines(facts).map { "- " + MarkdownText.escape($0) }.joined(separator: "\n") + "\n\n"
        for section in sections {
            out += "## \(MarkdownText.escape(section.heading))\n\n"
            if let image = section.image { out += "![\(MarkdownText.escape(section.heading))](\(image))\n\n" }
            out += MarkdownText.escape(section.text) + "\n\n"
            out += "Files: " + section.files.map { "[\($0)](\($0))" }.joined(separator: " · ") + "\n\n"
            if section.heading == "The batch-update storyboard" {
                out += "The same \(facts.storyboardEngine.rawValue) changeset as single steps, each valid on the list left by the steps before it:\n\n"
                out += facts.patch.isEmpty ? "(no steps: the lists are equal)\n\n" : facts.patch.enumerated().map { "\($0.offset + 1). \(MarkdownText.escape($0.element.description))" }.joined(separator: "\n") + "\n\n"
            }
        }
        return out
    }

    static func html(_ facts: Facts, sections: [Section]) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Teaching report: \(escapeHTML(facts.title))</title>
            <style>
            body { font-family: system-ui, sans-serif; max-width: 1280px; margin: 2em auto; padding: 0 1em; color: #222; }
            table { border-collapse: collapse; margin: 1em 0; }
            th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
            th { background: #f2f2f2; }
            img { max-width: 100%; border: 1px solid #ddd; }
            figcaption { color: #444; margin: 0.4em 0 0.2em; }
            .files { font-size: 0.9em; color: #555; }
            .warning { background: #fff4e5; border-left: 4px solid #ff9800; padding: 0.5em 1em; }
            </style></head><body>
            <h1>Teaching report: \(escapeHTML(facts.title))</h1>
            <ul>
            """
        out += "\n" + summaryLines(facts).map { "<li>\(escapeHTML($0))</li>" }.joined(separator: "\n") + "\n</ul>\n"
        if !facts.missingPictures.isEmpty {
            out += "<p class=\"warning\">Pictures not drawn (gnuplot missing): \(escapeHTML(facts.missingPictures.joined(separator: ", "))). "
                + escapeHTML(GnuplotProcess.installHint) + ".</p>\n"
        }
        out += "<p class=\"stepper\"><a href=\"stepper.html\">Step through the algorithms</a>: the LCS table cell by cell, "
            + "Myers diagonal by diagonal and in linear space, Heckel pass by pass, patience box by box (one offline page; ← and → step).</p>\n"
        out += "<h2>The engines side by side</h2>\n<p>Indices as in a batch update: deletes are old indices, inserts new indices, moves and updates go old → new.</p>\n<table>\n<tr>"
        out += engineHeader.map { "<th>\(escapeHTML($0))</th>" }.joined() + "</tr>\n"
        for row in engineRows(facts) { out += "<tr>" + row.map { "<td>\(escapeHTML($0))</td>" }.joined() + "</tr>\n" }
        out += "</table>\n<h2>From the drawn path to each engine's answer</h2>\n<ul>\n"
        out += TeachingReconcile.lines(facts).map { "<li>\(escapeHTML($0))</li>" }.joined(separator: "\n") + "\n</ul>\n"
        for section in sections {
            out += "<h2>\(escapeHTML(section.heading))</h2>\n<figure>\n"
            if let image = section.image { out += "<img src=\"\(image)\" alt=\"\(escapeHTML(section.heading))\">\n" }
            out += "<figcaption>\(escapeHTML(section.text))</figcaption></figure>\n"
            out += "<p class=\"files\">Files: " + section.files.map { "<a href=\"\($0)\">\($0)</a>" }.joined(separator: " · ") + "</p>\n"
            if section.heading == "The batch-update storyboard" {
                out += "<p>The same \(facts.storyboardEngine.rawValue) changeset as single steps, each valid on the list left by the steps before it:</p>\n"
                out += facts.patch.isEmpty ? "<p>(no steps: the lists are equal)</p>\n" : "<ol>\n" + facts.patch.map { "<li>\(escapeHTML($0.description))</li>" }.joined(separator: "\n") + "\n</ol>\n"
            }
        }
        return out + "</body></html>\n"
    }

    static func escapeHTML(_ text: String) -> String { HTMLText.escape(text) }
}
