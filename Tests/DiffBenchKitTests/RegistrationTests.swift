import Foundation
import Testing

@testable import DiffBenchKit

/// Issue 24, point 4: what `DiffBenchCLI.main(engines:)` registers is
/// checked before anything runs. `main` ends the process, so these call the
/// check it runs first, `DiffBenchCLI.registry(adding:warn:)`.
@Suite struct RegistrationTests {
    /// `reload-all` with its presentation changed.
    static func descriptor(name: String = "reload-all", colour: String = "#ABCDEF", symbol: Int = 5) -> EngineDescriptor {
        var descriptor = EngineDescriptor(ReloadEverything(), summary: "test engine", colour: "#ABCDEF", symbol: 5)
        descriptor.info.name = name
        descriptor.info.colour = colour
        descriptor.info.symbol = symbol
        return descriptor
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var engines: [EngineDescriptor]
        /// The place of the offending descriptor (1-based) and words of the message.
        var position: Int
        var words: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "a built-in's name", engines: [descriptor(name: "heckel")], position: 1, words: "the name of a built-in"),
        Bad(name: "the floor's name", engines: [descriptor(name: "floor")], position: 1, words: "the name of a built-in"),
        Bad(name: "stdlib's name", engines: [descriptor(name: "stdlib")], position: 1, words: "the name of a built-in"),
        Bad(
            name: "a name given twice", engines: [descriptor(name: "mine"), descriptor(name: "mine", colour: "#101010")], position: 2,
            words: "registered twice"),
        Bad(name: "an empty name", engines: [descriptor(name: "")], position: 1, words: "the name is empty"),
        Bad(name: "a comma in the name", engines: [descriptor(name: "a,b")], position: 1, words: "lower-case letters"),
        Bad(name: "upper case", engines: [descriptor(name: "Mine")], position: 1, words: "lower-case letters"),
        Bad(name: "a space", engines: [descriptor(name: "my engine")], position: 1, words: "lower-case letters"),
        Bad(name: "the word that selects every engine", engines: [descriptor(name: "all")], position: 1, words: "selects every engine"),
        Bad(name: "a lone dash", engines: [descriptor(name: "-")], position: 1, words: "starts with '-'"),
        Bad(name: "an option's spelling", engines: [descriptor(name: "--help")], position: 1, words: "starts with '-'"),
        Bad(
            name: "33 characters", engines: [descriptor(name: String(repeating: "a", count: 33))], position: 1,
            words: "33 characters long; at most 32"),
        Bad(name: "a colour name", engines: [descriptor(colour: "red")], position: 1, words: "colour \"red\" is not #RRGGBB"),
        Bad(name: "a colour breaking out of quotes", engines: [descriptor(colour: "#000000' . `x`")], position: 1, words: "is not #RRGGBB"),
        Bad(name: "a short colour", engines: [descriptor(colour: "#ABC")], position: 1, words: "is not #RRGGBB"),
        Bad(name: "symbol -1", engines: [descriptor(symbol: -1)], position: 1, words: "symbol -1 is outside gnuplot's point types 0–15"),
        Bad(name: "symbol 99", engines: [descriptor(symbol: 99)], position: 1, words: "symbol 99 is outside"),
    ]

    @Test(arguments: bad)
    func aDescriptorBreakingARuleStopsTheToolWithStatusTwoNamingIt(bad: Bad) {
        var warnings: [String] = []
        do throws(CLIFailure) {
            _ = try DiffBenchCLI.registry(adding: bad.engines) { warnings.append($0) }
            Issue.record("\(bad.name) was registered")
        } catch {
            #expect(error.status == .badInput)
            let name = bad.engines[bad.position - 1].info.name
            #expect(error.message.hasPrefix("engine descriptor \(bad.position) (name \"\(name)\"): "), "\(error.message)")
            #expect(error.message.contains(bad.words), "\(error.message)")
        }
    }

    @Test func goodDescriptorsAreRegisteredBesideTheBuiltIns() throws {
        let engines = [Self.descriptor(name: "reload-all"), Self.descriptor(name: String(repeating: "z", count: 32), colour: "#101010", symbol: 0)]
        var warnings: [String] = []
        let registry = try DiffBenchCLI.registry(adding: engines) { warnings.append($0) }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(registry.names.map(\.rawValue) == EngineRegistry.builtIns.names.map(\.rawValue) + engines.map(\.info.name))
        #expect(registry.descriptor(named: "reload-all")?.info.colour == "#ABCDEF")
    }

    /// A colour one step from a built-in's (or from an engine registered
    /// before it) is drawn in a distinct spare colour, with a warning.
    @Test(arguments: [("#0073B3", "myers"), ("#7E7F7F", "floor"), ("#E69F01", "lcs")])
    func aColourTooCloseToAnotherEnginesIsReplacedWithAWarning(colour: String, near: String) throws {
        var warnings: [String] = []
        let registry = try DiffBenchCLI.registry(adding: [Self.descriptor(colour: colour)]) { warnings.append($0) }
        let drawn = try #require(registry.descriptor(named: "reload-all")?.info.colour)
        #expect(drawn != colour)
        #expect(warnings.count == 1 && warnings[0].contains("too close to \(near)'s") && warnings[0].contains(drawn), "\(warnings)")
        // Distinct: far from every other engine's colour, the floor's too (red-mean distance, computed here).
        func distance(_ a: String, _ b: String) -> Double {
            let x = Int(a.dropFirst(), radix: 16)!, y = Int(b.dropFirst(), radix: 16)!
            let (r1, g1, b1) = (Double(x >> 16), Double((x >> 8) & 255), Double(x & 255))
            let (r2, g2, b2) = (Double(y >> 16), Double((y >> 8) & 255), Double(y & 255))
            let mean = (r1 + r2) / 2
            return ((2 + mean / 256) * (r1 - r2) * (r1 - r2) + 4 * (g1 - g2) * (g1 - g2) + (2 + (255 - mean) / 256) * (b1 - b2) * (b1 - b2)).squareRoot()
        }
        let others = EngineRegistry.builtIns.descriptors.map(\.info.colour) + [EngineRegistry.floor.colour]
        for other in others { #expect(distance(drawn, other) >= 60, "\(drawn) is near \(other)") }

        // Two added engines close to each other: the second one moves.
        warnings = []
        let pair = try DiffBenchCLI.registry(adding: [Self.descriptor(name: "one", colour: "#101010"), Self.descriptor(name: "two", colour: "#111111")]) {
            warnings.append($0)
        }
        #expect(pair.descriptor(named: "one")?.info.colour == "#101010")
        #expect(pair.descriptor(named: "two")?.info.colour != "#111111" && warnings.count == 1 && warnings[0].contains("one's"), "\(warnings)")
    }
}
