import DiffEngines
import Rendering

/// `engine-path.png`: any engine's answer drawn as a path on the edit graph,
/// beside the shortest path, so an engine with no trace of its own (a
/// registered outside engine, heckel, set) still shows where its script
/// goes against the LCS table.
///
/// The path is recovered from the changeset alone: an item that stays (not
/// deleted, not moved) is a diagonal step from old[x] to new[y]; between two
/// stays the engine deletes the old items (steps right) and inserts the new
/// ones (steps down). A move is a delete plus an insert on this graph (the
/// same item leaves one place and arrives at another), so the path's length
/// is deletes + inserts + 2 × moves, which is D exactly when the script is
/// a shortest one. O(N + M) to build; the picture is O(N·M) grid cells.
enum EnginePathPicture {
    /// The grid points of `changeset`'s path from (0, 0) to (N, M), or nil
    /// when its stays are not in order (a changeset the verifier refuses).
    static func path(of changeset: Changeset, n: Int, m: Int) -> [GridPoint]? {
        var leavesOld = [Bool](repeating: false, count: n), arrivesNew = [Bool](repeating: false, count: m)
        for i in changeset.deletes where i >= 0 && i < n { leavesOld[i] = true }
        for j in changeset.inserts where j >= 0 && j < m { arrivesNew[j] = true }
        for move in changeset.moves where move.from >= 0 && move.from < n && move.to >= 0 && move.to < m {
            leavesOld[move.from] = true
            arrivesNew[move.to] = true
        }
        let stayingOld = (0..<n).filter { !leavesOld[$0] }, stayingNew = (0..<m).filter { !arrivesNew[$0] }
        guard stayingOld.count == stayingNew.count else { return nil }
        var points = [GridPoint(0, 0)]
        var x = 0, y = 0
        func walk(toX targetX: Int, toY targetY: Int) {
            while x < targetX { x += 1; points.append(GridPoint(x, y)) }
            while y < targetY { y += 1; points.append(GridPoint(x, y)) }
        }
        for (i, j) in zip(stayingOld, stayingNew) {
            guard i >= x, j >= y else { return nil }
            walk(toX: i, toY: j)
            x += 1
            y += 1
            points.append(GridPoint(x, y))
        }
        walk(toX: n, toY: m)
        return points
    }

    /// The picture's name for `engine`: `engine-path` for the chosen
    /// engine, `engine-path-NAME` for the others (NAME kept to letters,
    /// digits, `-` and `_`, so it is a safe file name whatever the engine is called).
    static func name(for engine: EngineName, chosen: Bool) -> String {
        guard !chosen else { return "engine-path" }
        return "engine-path-" + String(engine.rawValue.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }

    static func make(
        _ pair: TeachingPair, engine: EngineName, changeset: Changeset, shortest: [GridPoint], title: String,
        name: String = "engine-path"
    ) -> TeachingPicture? {
        guard let enginePath = path(of: changeset, n: pair.n, m: pair.m) else { return nil }
        let length = changeset.deletes.count + changeset.inserts.count + 2 * changeset.moves.count
        let distance = pair.n + pair.m - 2 * pair.table.length
        let verdict = length == distance
            ? "a shortest script: \(length) edits = D"
            : "\(length) edits on this graph, \(length - distance) more than D = \(distance)"
        let header = TextBlock(lines: [
            .init(text: "\(engine.rawValue)'s answer on the edit graph: \(title)", points: PictureTitle.points, bold: true),
            .init(
                text: "Old along x, new along y, as in myers-graph.png. The \(engine.rawValue) changeset as a path: each item it keeps "
                    + "is a diagonal, each delete a step right, each insert a step down; a move leaves one place (right) and "
                    + "arrives at another (down), so it costs two edits here.",
                points: 11),
            .init(text: "It is \(verdict) (deletes \(changeset.deletes.count), inserts \(changeset.inserts.count), moves \(changeset.moves.count)).", points: 11),
        ])
        let legend = [
            LegendEntry(swatch: .line(Palette.path, width: 5), text: "\(engine.rawValue)'s path"),
            LegendEntry(swatch: .line(Palette.finalPath, width: 8), text: "a shortest path (Myers' backtrack)"),
            LegendEntry(swatch: .dashed(Palette.freeDiagonal, width: 2), text: "free diagonal (match)"),
        ]
        let probe = EditGraphCanvas(pair: pair, top: 0, bottom: 0)
        let legendHeight = GnuplotScript.legend(legend, x: 24, y: 0, maxWidth: Double(probe.width) - 48, width: probe.width, height: 100).height
        let top = 30 + header.height(width: probe.width)
        let bottom = 24 + legendHeight + 20
        var canvas = EditGraphCanvas(pair: pair, top: top, bottom: bottom)
        let file = name + ".dat"
        let (setup, basePlots) = canvas.base(fileName: file)
        let shortestIndex = canvas.block("a shortest path x y dx dy", EditGraphCanvas.segments(Array(zip(shortest, shortest.dropFirst()))).nonEmpty("NaN\tNaN\t0\t0"))
        let engineIndex = canvas.block(
            "\(engine.rawValue) path x y dx dy", EditGraphCanvas.segments(Array(zip(enginePath, enginePath.dropFirst()))).nonEmpty("NaN\tNaN\t0\t0"))
        let unit = canvas.layout.unit
        let width = canvas.width, height = canvas.height
        var s = GnuplotScript.preamble(width: width, height: height, output: name + ".png", fontSize: 11)
        s += setup
        s += header.commands(y: 30, width: width, height: height)
        s += GnuplotScript.legend(legend, x: 24, y: Double(height) - bottom + 14, maxWidth: Double(width) - 48, width: width, height: height).commands
        var plots = basePlots
        plots.insert("'' index \(shortestIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.finalPath)' lw \(GnuplotScript.number(max(6, unit / 5)))", at: 1)
        plots.append("'' index \(engineIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.path)' lw \(GnuplotScript.number(max(2.5, unit / 12)))")
        s.append("plot " + plots.map { $0 + " notitle" }.joined(separator: ", \\\n  "))
        return TeachingPicture(
            name: name, data: canvas.data, script: s.joined(separator: "\n") + "\n",
            caption: "The \(engine.rawValue) changeset drawn as a path on the edit graph beside a shortest path: \(verdict).")
    }
}
