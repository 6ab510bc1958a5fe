import DiffEngines
import Testing

@testable import Harness

/// The built-in engines are listed once (``BuiltInEngine/dispatch(_:to:)``);
/// the registry adds presentation only and reads every other fact from the
/// engine's type.
struct EngineCatalogTests {
    @Test func theRegistryListsTheBuiltInsInTheDispatchOrder() {
        #expect(EngineRegistry.builtIns.names == BuiltInEngine.all.map(\.name))
        #expect(EngineName.builtIns == BuiltInEngine.all.map(\.name))
    }

    @Test(arguments: BuiltInEngine.all)
    func aDescriptorStatesWhatItsEngineTypeStates(_ builtIn: BuiltInEngine) throws {
        let descriptor = try #require(EngineRegistry.builtIns.descriptor(named: builtIn.name))
        let engine = builtIn.engine
        let type = type(of: engine)
        #expect(type.name == builtIn.name)
        #expect(descriptor.info.summary == type.summary && builtIn.summary == type.summary)
        #expect(descriptor.info.cost == type.cost)
        #expect(descriptor.info.infersMoves == type.infersMoves)
        #expect(descriptor.info.requiresUniqueIDs == type.claims.contains(.uniqueIDsOnly))
        #expect(builtIn.claims == type.claims)
        #expect(try BuiltInEngine(named: builtIn.name.rawValue) == builtIn)
    }

    @Test func theDispatchEndsAfterTheLastEngineInsteadOfFallingBack() {
        struct Name: DiffEngineVisitor {
            func visit<E: DiffEngine>(_ engine: E) -> EngineName { E.name }
        }
        #expect(BuiltInEngine.dispatch(BuiltInEngine.all.count, to: Name()) == nil)
        #expect(BuiltInEngine.dispatch(-1, to: Name()) == nil)
        #expect(Set(BuiltInEngine.all.map(\.name)).count == BuiltInEngine.all.count)
    }

    @Test func anUnknownNameIsAnErrorNotTheStdlibEngine() {
        #expect(throws: DiffError.self) { try BuiltInEngine(named: "quantum") }
    }
}
