import InputFiles
import RunResults

/// A descriptor another package passed that cannot be registered: which
/// one (its place in the list and its name) and why.
public struct RegistrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based place of the descriptor in the list given to `DiffBenchCLI.main(engines:)`.
    public var position: Int
    public var name: String
    public var problem: String

    public var description: String {
        "engine descriptor \(position) (name \(JSONValue.quoted(name))): \(problem)"
    }
}

extension EngineRegistry {
    /// The longest engine name: it heads table columns and chart legends.
    public static let maximumNameLength = 32
    /// gnuplot's point types that draw a distinct shape (pngcairo: 0 a dot
    /// … 15 a filled pentagon; higher numbers repeat them).
    public static let symbolRange = 0...15

    /// The built-ins with `engines` added, each checked before anything
    /// runs: a name must be new (not a built-in's, not `floor`'s, not
    /// another added engine's — a same-named engine would silently replace
    /// or double a row), non-empty, of lower-case letters, digits and `-`
    /// (it is a CSV field, a list item of `--engines` and part of file
    /// names), at most ``maximumNameLength`` long; a colour `#RRGGBB`; a
    /// symbol in ``symbolRange``.
    ///
    /// A colour too close to an engine's before it
    /// (``EngineColours/minimumDistance``) is not an error: the engine is
    /// drawn in a distinct spare colour instead, and a warning says so.
    /// O(E²) for E engines.
    public static func registering(_ engines: [EngineDescriptor]) throws(RegistrationError)
        -> (registry: EngineRegistry, warnings: [String])
    {
        var registry = builtIns
        var warnings: [String] = []
        for (offset, descriptor) in engines.enumerated() {
            var descriptor = descriptor
            let info = descriptor.info
            func refuse(_ problem: String) -> RegistrationError {
                RegistrationError(position: offset + 1, name: info.name, problem: problem)
            }
            if let problem = nameProblem(info.name) { throw refuse(problem) }
            if info.name == floor.name || builtIns.descriptor(named: descriptor.name) != nil {
                throw refuse("the name of a built-in (\(floor.name), \(builtIns.namesInWords)); choose another")
            }
            if registry.descriptor(named: descriptor.name) != nil {
                throw refuse("registered twice (another descriptor has this name); each engine needs its own name")
            }
            guard EngineColours.isHex(info.colour) else {
                throw refuse("colour \(JSONValue.quoted(info.colour)) is not #RRGGBB")
            }
            guard symbolRange.contains(info.symbol) else {
                throw refuse("symbol \(info.symbol) is outside gnuplot's point types \(symbolRange.lowerBound)–\(symbolRange.upperBound)")
            }
            let others = [floor] + registry.descriptors.map(\.info)
            if let close = others.first(where: { EngineColours.distance($0.colour, info.colour) < EngineColours.minimumDistance }) {
                let replacement = EngineColours.distinct(from: others.map(\.colour))
                warnings.append(
                    "engine \(info.name): colour \(info.colour) is too close to \(close.name)'s \(close.colour) to tell apart; drawn in \(replacement) instead")
                descriptor.info.colour = replacement
            }
            registry = registry.adding(descriptor)
        }
        return (registry, warnings)
    }

    /// The word that selects every engine on the command line
    /// (`--engines all`): no engine may take it as its name.
    public static let everyEngineWord = "all"

    /// Why `name` cannot name an engine, or nil: empty, too long, other
    /// characters than a–z, digits and '-', a '-' first (`-` or `--help`
    /// would read as an option), or ``everyEngineWord``. O(length).
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name == everyEngineWord { return "\"\(everyEngineWord)\" selects every engine on the command line (--engines all); choose another name" }
        if name.utf8.count > maximumNameLength {
            return "the name is \(name.utf8.count) characters long; at most \(maximumNameLength)"
        }
        let allowed = name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
        guard allowed else { return "the name may hold only lower-case letters a–z, digits and '-'" }
        return name.hasPrefix("-") ? "the name starts with '-', which the command line reads as an option; start it with a letter or digit" : nil
    }
}
