import DiffEngines
import Rendering

/// Writes the teaching report of one small pair of lists into a folder:
/// text dumps, TSV, gnuplot data and scripts, the pictures, and an index.
///
/// Everything is computed before anything is written, and every file is
/// written to a temporary name and renamed, so a bad input writes nothing
/// and a crash leaves no half file.
package enum TeachingReport {
    /// What was written, and what could not be.
    package struct Summary: Sendable {
        /// The folder written to.
        package var directory: String
        /// File names written, relative to `directory`.
        package var files: [String]
        /// Pictures not drawn because gnuplot is missing (their .dat/.gp are written).
        package var picturesWithoutGnuplot: [String]
        /// gnuplot runs that failed, with gnuplot's message.
        package var gnuplotFailures: [String]
        /// Engines whose changeset did not verify (a bug in that engine).
        package var engineProblems: [String]
        /// What the pair is, for the command's closing lines: N, M, the LCS
        /// (labels as written) and D.
        package var oldCount = 0, newCount = 0, distance = 0
        package var lcs: [String] = []
    }

    /// Renders the report for `old` → `new` into `directory` (created when missing).
    ///
    /// - Parameters:
    ///   - title: names the pair in titles, e.g. "ADFGT → AFOXT".
    ///   - storyboardEngine: the engine whose changeset the storyboard plays
    ///     and `engine-path.png` draws; one of `engines`.
    ///   - engines: every engine the index compares (the built-ins, and any a
    ///     package registers: an engine needs no trace of its own to be drawn).
    ///   - gnuplot: the gnuplot executable, or nil to write the data and
    ///     scripts without pictures.
    ///   - startInQuiz: whether `stepper.html` opens in its quiz mode.
    ///   - answered: answers already made elsewhere, by engine (a plug-in's,
    ///     made in a worker): those engines are not called here.
    package static func write<I: ElementIdentity>(
        old: [I.Element], new: [I.Element], identity: I, oldLabels: [String], newLabels: [String],
        title: String, to directory: String, storyboardEngine: EngineName = .myers,
        engines: [any DiffEngine] = BuiltInEngine.all.map(\.engine), gnuplot: String? = GnuplotProcess.executable(),
        startInQuiz: Bool = false, answered: [EngineName: Result<Changeset, DiffError>] = [:]
    ) throws(TeachingError) -> Summary {
        let pair = try TeachingPair(old: old, new: new, identity: identity, oldLabels: oldLabels, newLabels: newLabels)
        var texts: [(String, String)] = []
        texts.append(
            ("lcs-table.txt", LCSTableDump.text(table: pair.table, oldLabels: oldLabels, newLabels: newLabels, title: "LCS memo table: \(title)")))
        texts.append(("lcs-table.tsv", LCSTableDump.tsv(table: pair.table, oldLabels: oldLabels, newLabels: newLabels)))
        var pictures: [TeachingPicture] = []
        pictures.append(LCSTablePicture.make(pair, title: "LCS memo table: \(title)"))
        let greedy = MyersTrace(old: pair.codes.old, new: pair.codes.new)
        let linear = MyersMiddleSnakeTrace(old: pair.codes.old, new: pair.codes.new)
        texts.append(("myers-trace.txt", MyersTraceText.make(pair, greedy: greedy, linear: linear, title: title)))
        pictures.append(MyersGraphPicture.make(pair, trace: greedy, title: title))
        pictures.append(MiddleSnakePicture.make(pair, trace: linear, title: title))
        let work = WorkCounts(pair: pair, greedy: greedy, linear: linear)
        pictures.append(WorkPicture.make(pair, greedy: greedy, linear: linear, counts: work, title: title))
        let heckel = HeckelTrace(codes: pair.codes)
        let heckelResult = Result { () throws(DiffError) -> Changeset in
            try BuiltInEngine.diff(.heckel, from: old, to: new, identity: identity)
        }
        texts.append(("heckel-passes.txt", HeckelText.make(pair, trace: heckel, engineChangeset: heckelResult, title: title)))
        pictures.append(HeckelPicture.make(pair, trace: heckel, title: title))
        let patienceResult = Result { () throws(DiffError) -> Changeset in
            try BuiltInEngine.diff(.patience, from: old, to: new, identity: identity)
        }
        texts.append(
            (
                "stepper.html",
                StepperPage.html(
                    pair, greedy: greedy, linear: linear, heckel: heckel, heckelEngine: heckelResult,
                    patience: PatienceTrace(codes: pair.codes), patienceEngine: patienceResult, title: title,
                    startInQuiz: startInQuiz)
            ))

        let runs = EngineRun.runAll(old: old, new: new, identity: identity, engines: engines, answered: answered)
        var engineProblems = runs.compactMap { run in run.problem.map { "the \(run.engine.rawValue) changeset is wrong: \($0)" } }
        var patch: [PatchStep] = []
        if let run = runs.first(where: { $0.engine == storyboardEngine }) {
            switch run.result {
            case let .success(changeset):
                do {
                    let storyboard = try BatchStoryboard(changeset: changeset, old: old, new: new, identity: identity)
                    if !storyboard.resultEqualsNew {
                        engineProblems.append("the \(storyboardEngine.rawValue) changeset does not rebuild the new list")
                    }
                    pictures.append(
                        StoryboardPicture.make(storyboard, oldLabels: oldLabels, newLabels: newLabels, engine: storyboardEngine, title: title))
                    patch = try changeset.patch(oldCount: old.count, newCount: new.count)
                    if let picture = EnginePathPicture.make(
                        pair, engine: storyboardEngine, changeset: changeset, shortest: greedy.path, title: title)
                    {
                        pictures.append(picture)
                    }
                } catch {
                    engineProblems.append("the \(storyboardEngine.rawValue) changeset is malformed: \(error)")
                }
            case let .failure(error):
                throw .engineRefused(engine: storyboardEngine, error: error)
            }
        }
        // Every other engine's answer on the edit graph too, so the index
        // shows where each one goes beside the shortest path.
        for run in runs where run.engine != storyboardEngine && run.problem == nil {
            guard case let .success(changeset) = run.result,
                let picture = EnginePathPicture.make(
                    pair, engine: run.engine, changeset: changeset, shortest: greedy.path, title: title,
                    name: EnginePathPicture.name(for: run.engine, chosen: false))
            else { continue }
            pictures.append(picture)
        }

        try TeachingFile.makeDirectory(directory)
        var summary = Summary(
            directory: directory, files: [], picturesWithoutGnuplot: [], gnuplotFailures: [], engineProblems: engineProblems,
            oldCount: pair.n, newCount: pair.m, distance: pair.editDistance, lcs: pair.lcsLabels)
        try writeFiles(texts: texts, pictures: pictures, to: directory, gnuplot: gnuplot, into: &summary)
        let drawn = Set(summary.files.filter { $0.hasSuffix(".png") })
        let facts = TeachingIndex.Facts(
            title: title, pair: pair, runs: runs, storyboardEngine: storyboardEngine, patch: patch,
            missingPictures: summary.picturesWithoutGnuplot, drawnPath: greedy.path, linearPath: linear.path)
        let sections = TeachingIndex.sections(pictures: pictures, drawn: drawn)
        try TeachingFile.write(TeachingIndex.markdown(facts, sections: sections), to: directory + "/index.md")
        try TeachingFile.write(TeachingIndex.html(facts, sections: sections), to: directory + "/index.html")
        summary.files += ["index.md", "index.html"]
        return summary
    }

    /// Writes the texts, each picture's data and script, and draws each
    /// picture with gnuplot when there is one; what was written, left
    /// undrawn or failed goes into `summary`.
    static func writeFiles(
        texts: [(String, String)], pictures: [TeachingPicture], to directory: String, gnuplot: String?, into summary: inout Summary
    ) throws(TeachingError) {
        for (name, text) in texts {
            try TeachingFile.write(text, to: directory + "/" + name)
            summary.files.append(name)
        }
        for picture in pictures {
            try TeachingFile.write(picture.data, to: directory + "/" + picture.dataFile)
            try TeachingFile.write(picture.script, to: directory + "/" + picture.scriptFile)
            summary.files += [picture.dataFile, picture.scriptFile]
            guard let gnuplot else {
                summary.picturesWithoutGnuplot.append(picture.png)
                continue
            }
            do {
                try GnuplotProcess.render(script: picture.scriptFile, output: picture.png, in: directory, gnuplot: gnuplot)
                summary.files.append(picture.png)
            } catch {
                summary.gnuplotFailures.append(error.description)
            }
        }
    }
}
