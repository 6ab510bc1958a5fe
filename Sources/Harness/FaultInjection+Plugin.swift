#if DEBUG
import CCallgrind
import DiffEngines
import Foundation

/// A test-only plug-in engine, `faulty-plugin`, registered beside the
/// built-ins when the environment has `DIFFBENCH_TEST_PLUGIN` (debug builds
/// only, as ``FaultInjection``): the tests' stand-in for an engine another
/// package registers, which `diff` and `teach` must call in a worker. The
/// variable says how it behaves: `hang` never returns (it sleeps), `grow` allocates and
/// touches 16 MiB after 16 MiB without end (only a memory limit stops it),
/// `trap` calls `fatalError`, `setsid` forks a child that forks a grandchild
/// and exits (the grandchild leaves the worker's process group and session
/// with `setsid` and waits for a signal) and then answers as myers does;
/// anything else answers as myers does.
///
/// It states a full table's cost over the whole lists, so that a call on
/// more than about 3,200 elements a side (10⁷ cells, equal lists
/// included) is predicted from a calibration, which calls it too: the
/// tests' way to reach the calibration a command makes before a call.
struct FaultyPluginEngine: DiffEngine {
    static let name: EngineName = "faulty-plugin"
    static var cost: EngineCost { .untrimmedTableCells }

    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        switch ProcessInfo.processInfo.environment["DIFFBENCH_TEST_PLUGIN"] ?? "" {
        case "hang":
            FaultInjection.sleepForever()
        case "grow":
            var blocks: [UnsafeMutableRawPointer] = []
            while true {
                let block = UnsafeMutableRawPointer.allocate(byteCount: 16 << 20, alignment: 4096)
                for page in stride(from: 0, to: 16 << 20, by: 4096) { block.storeBytes(of: 1, toByteOffset: page, as: UInt8.self) }
                blocks.append(block)
                blackHole(blocks.count)
            }
        case "trap":
            fatalError("test fault: faulty-plugin traps")
        case "setsid":
            let child = diffbench_fork()
            if child == 0 {
                if diffbench_fork() == 0 {
                    _ = setsid()
                    FaultInjection.sleepForever()
                }
                diffbench_exit(0)
            }
            _ = diffbench_wait(child)
            return try MyersEngine().diff(from: old, to: new, identity: identity, options: options)
        default:
            return try MyersEngine().diff(from: old, to: new, identity: identity, options: options)
        }
    }
}

extension FaultInjection {
    /// The test plug-in's descriptor when `DIFFBENCH_TEST_PLUGIN` is set, else none.
    public static var testPlugins: [EngineDescriptor] {
        guard ProcessInfo.processInfo.environment["DIFFBENCH_TEST_PLUGIN"] != nil else { return [] }
        return [EngineDescriptor(FaultyPluginEngine(), colour: "#444444", symbol: 6)]
    }
}
#endif
