import Foundation
import FileSupport
import Harness
import Testing

@testable import DiffBenchKit

#if canImport(Glibc)
import Glibc
#endif

/// diff, hunks and teach call an engine in their own process (a built-in,
/// or a plug-in under --in-process); what the engine changes of the
/// process's settings must not reach the command's later work, as in run.
@Suite struct InProcessLaunchStateTests {
    static func locale() -> String { setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "" }

    @Test("a call in process gives the locale back as the command started with it")
    func settingsAreRestoredAfterAnInProcessCall() throws {
        LaunchState.capture()
        let started = Self.locale()
        // The locale is the setting changed here: the mask and the environment are shared with the tests running beside.
        let other = started == "C.UTF-8" ? "C" : "C.UTF-8"
        let limits = try PluginLimitsOptions.parse(["--in-process"])
        let descriptor = try #require(EngineRegistry.builtIns.descriptor(named: EngineRegistry.builtIns.names[0]))
        let outcome = try limits.call(descriptor, timeBudget: 0, inProcess: { () -> Result<Int, DiffError> in
            setlocale(LC_ALL, other)
            return .success(Self.locale() == other ? 1 : 0)
        }, inWorker: { _ in Issue.record("a built-in under --in-process has no worker"); return .answered(.success(-1)) })
        guard case .answered(.success(let changed)) = outcome else { Issue.record("\(outcome)"); return }
        #expect(changed == 1, "the engine's change took effect inside the call")
        #expect(Self.locale() == started)
    }
}
