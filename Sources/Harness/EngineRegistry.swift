import DiffEngines
import RunResults

/// The engines a process knows: the built-ins, then any a package adds.
///
/// Everything that needs the list of engines reads it here: the CLI's
/// parsing, help texts and messages, the runner's calibration and skips,
/// the run document (and through it the charts' palette and the report),
/// the CI plan. Adding an engine is one descriptor in ``builtIns`` (or one
/// ``adding(_:)`` call from another package); nothing else spells names.
///
/// A registry is a value passed to what needs it (the runner, the worker,
/// the CLI's commands); the CLI keeps the process's one for its help texts
/// and hands it to the command it runs. A test, or a tool built on
/// `DiffBenchKit`, runs with extra engines by passing its own registry.
public struct EngineRegistry: Sendable {
    public private(set) var descriptors: [EngineDescriptor]

    public init(_ descriptors: [EngineDescriptor]) {
        self.descriptors = []
        for descriptor in descriptors { self = adding(descriptor) }
    }


    /// The engines `DiffEngines` ships. Colours are the Okabe–Ito set
    /// (distinct under the common colour-vision deficiencies), then, for the
    /// text engines, Paul Tol's olive and wine (Okabe–Ito's yellow is too
    /// faint on white, and its black is a spare for unknown engines);
    /// symbols differ too, so overlapping points and grey-scale prints stay
    /// legible (the text engines' are open shapes).
    ///
    /// One line per engine, adding only presentation: everything else (name,
    /// summary, claims, cost, move inference) is read from the engine's type.
    /// The lines follow ``BuiltInEngine/all``'s order (a test holds them to it).
    public static let builtIns = EngineRegistry([
        EngineDescriptor(LCSEngine(), colour: "#E69F00", symbol: 7),
        EngineDescriptor(MyersEngine(), colour: "#0072B2", symbol: 5),
        EngineDescriptor(HeckelEngine(), colour: "#009E73", symbol: 9),
        EngineDescriptor(SetEngine(), colour: "#CC79A7", symbol: 11),
        EngineDescriptor(StdlibEngine(), colour: "#D55E00", symbol: 13),
        EngineDescriptor(AnchorEngine(), colour: "#56B4E9", symbol: 3),
        EngineDescriptor(PatienceEngine(), colour: "#999933", symbol: 4),
        EngineDescriptor(HistogramEngine(), colour: "#882255", symbol: 8),
    ])

    /// The `floor` reference row's presentation (not an engine: one
    /// dictionary build and one probe per new id).
    public static let floor = EngineInfo(
        name: Subject.floor.name, summary: "the floor: one Dictionary build over the old ids plus one probe per new id",
        colour: "#7F7F7F", symbol: 15, isReference: true, claims: [])

    /// The registry with `descriptor` added, or replacing one of the same name.
    public func adding(_ descriptor: EngineDescriptor) -> EngineRegistry {
        var copy = self
        if let index = copy.descriptors.firstIndex(where: { $0.info.name == descriptor.info.name }) {
            copy.descriptors[index] = descriptor
        } else {
            copy.descriptors.append(descriptor)
        }
        return copy
    }

    /// The registry with every descriptor of `more` added.
    public func adding(_ more: [EngineDescriptor]) -> EngineRegistry {
        more.reduce(self) { $0.adding($1) }
    }

    public var names: [EngineName] { descriptors.map(\.name) }

    /// The descriptor called `name`, or nil.
    public func descriptor(named name: EngineName) -> EngineDescriptor? {
        descriptors.first { $0.info.name == name.rawValue }
    }

    /// The descriptor called `name`, or the unknown-engine error listing every registered name.
    public func lookup(_ name: String) throws(DiffError) -> EngineDescriptor {
        guard let found = descriptor(named: EngineName(name)) else {
            throw .unknownEngine(name, known: names.map(\.rawValue))
        }
        return found
    }

    /// "lcs, myers, heckel, set or stdlib": the names for a help text.
    public var namesInWords: String {
        let all = names.map(\.rawValue)
        guard all.count > 1 else { return all.first ?? "" }
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }
}
