import Foundation

/// One submission of the teach form: two lists typed as text, read as
/// characters or as lines, and the engine whose changeset the storyboard
/// plays. What `diffbench teach` checks (60 elements a side, label bytes,
/// both empty) it still checks itself; this only refuses what cannot be
/// passed to it at all.
package struct TeachRequest: Sendable, Equatable {
    package var old: String
    package var new: String
    /// Lines (`teach --lines`) instead of characters (`teach --chars`).
    package var lines: Bool
    package var engine: String
    /// The stepper opens as a quiz (`teach --quiz`).
    package var quiz: Bool

    package init(old: String, new: String, lines: Bool, engine: String, quiz: Bool = false) {
        self.old = old
        self.new = new
        self.lines = lines
        self.engine = engine
        self.quiz = quiz
    }

    /// Reads the form fields `old`, `new`, `mode` (`chars` or `lines`),
    /// `engine` (one of `engines`) and `quiz` (a checkbox: present when ticked). A browser sends a textarea's line breaks
    /// as CR LF: they become LF, as typed.
    package init(form: [String: String], engines: [String]) throws(HTTPFailure) {
        guard let old = form["old"], let new = form["new"] else {
            throw .badRequest("the form needs the fields old and new")
        }
        let mode = form["mode"] ?? "chars"
        guard mode == "chars" || mode == "lines" else { throw .badRequest("mode is chars or lines, not \(mode)") }
        let engine = form["engine"] ?? "myers"
        guard engines.contains(engine) else {
            throw .badRequest("no engine \(engine): choose one of \(engines.joined(separator: ", "))")
        }
        guard !old.contains("\0"), !new.contains("\0") else { throw .badRequest("the lists hold a NUL character") }
        self.init(
            old: old.replacingOccurrences(of: "\r\n", with: "\n"), new: new.replacingOccurrences(of: "\r\n", with: "\n"),
            lines: mode == "lines", engine: engine, quiz: form["quiz"] != nil)
    }

    /// The two texts as the files under `--lines` hold them: each that is
    /// not empty ends in a line break. Why: a textarea has none after its
    /// last line, and a line's ending is part of it (``TextLines``), so
    /// without one a last line would differ from the same line typed
    /// higher up. O(length).
    package var lineFiles: (old: String, new: String) {
        func ended(_ text: String) -> String { text.isEmpty || text.hasSuffix("\n") ? text : text + "\n" }
        return (ended(old), ended(new))
    }

    /// The `diffbench teach` arguments that write this pair's pages into
    /// `output`/pair; with lines, the two texts are first written to the
    /// files `oldFile` and `newFile`.
    package func arguments(output: String, oldFile: String, newFile: String) -> [String] {
        let common = ["teach", "--output", output, "--name", "pair", "--engine", engine] + (quiz ? ["--quiz"] : [])
        return common + (lines ? ["--lines", "--", oldFile, newFile] : ["--chars", "--", old, new])
    }
}
