import RunResults

/// One colour and one symbol per engine, the same in every chart of a run,
/// so a reader who has learned "blue is myers" once never has to look at a
/// legend again.
///
/// The presentation comes from the run itself: `results.json` records each
/// engine's colour and symbol as the registry that ran it gave them (the
/// built-ins use the Okabe–Ito set, which stays apart for the common forms
/// of colour blindness; `floor` is grey so it reads as a baseline). A name
/// the run does not describe — a file from before the `engines` record, or
/// a hand-edited one — gets a spare colour picked by a stable hash of the
/// name and a symbol by its place, so any number of engines can be drawn.
///
/// A value made from the run document being drawn (``init(_:known:)``) and
/// carried with its data: every ``RunSeries`` of a run holds the run's
/// palette, and the report page holds it too. Nothing reads a process-wide
/// list, so two runs drawn side by side cannot borrow each other's colours.
package struct EnginePalette: Hashable, Sendable {
    /// The engines described, in the order charts, legends and tables list them.
    package var engines: [EngineInfo]

    package init(_ engines: [EngineInfo] = []) { self.engines = engines }

    /// The palette of `document`: the engines it records (results.json
    /// `engines`), then those of `known` it does not record (an older file
    /// without the record is drawn with the engines of the binary that reads
    /// it). O(engines²), a few dozen comparisons.
    package init(_ document: RunDocument, known: [EngineInfo] = []) {
        var engines = document.engines ?? []
        for info in known where !engines.contains(where: { $0.name == info.name }) { engines.append(info) }
        self.init(engines)
    }

    /// Engines in the order charts, legends and tables list them.
    package var order: [Subject] { engines.map(\.subject) }

    /// gnuplot point types: circle, square, triangles up and down, diamond, pentagon, star.
    static let shapes = [7, 5, 9, 11, 13, 15, 3]

    /// `#RRGGBB` for an engine. O(engines + length of the name).
    package func colour(for engine: Subject) -> String {
        // The colour is read from results.json, which may come from anywhere:
        // it reaches gnuplot scripts and an HTML style, so only `#RRGGBB` is used.
        if let known = engines.first(where: { $0.name == engine.name }), EngineColours.isHex(known.colour) { return known.colour }
        // FNV-1a: a stable hash (Swift's `hashValue` is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in engine.name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return EngineColours.spare[Int(hash % UInt64(EngineColours.spare.count))]
    }

    /// gnuplot point type per engine: where two engines' points coincide
    /// the shapes still tell them apart, and so do readers who cannot tell
    /// the colours apart.
    package func pointType(for engine: Subject) -> Int {
        if let known = engines.first(where: { $0.name == engine.name }) { return known.symbol }
        return Self.shapes[(order.count + Self.sortedPosition(engine)) % Self.shapes.count]
    }

    /// Point size per engine: the later an engine is drawn, the smaller its
    /// symbol, so one that lands on top of another leaves the other's edge
    /// showing (never below half the base size).
    func pointSize(for engine: Subject, base: Double) -> Double {
        let index = order.firstIndex(of: engine) ?? order.count
        return base * max(0.5, 1 - 0.08 * Double(index))
    }

    /// The engines given, in palette order, unknown ones after it by name.
    package func sorted<S: Sequence>(_ engines: S) -> [Subject] where S.Element == Subject {
        var unique: [Subject] = []
        for engine in engines where !unique.contains(engine) { unique.append(engine) }
        let order = order
        return unique.sorted { left, right in
            let a = order.firstIndex(of: left) ?? order.count
            let b = order.firstIndex(of: right) ?? order.count
            return a != b ? a < b : left < right
        }
    }

    /// A stable small number for a name outside the run's list.
    static func sortedPosition(_ engine: Subject) -> Int {
        engine.name.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
    }
}
