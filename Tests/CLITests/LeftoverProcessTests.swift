import DiffBenchKit
import Foundation
import Testing

/// Issue 37: an engine whose child process outlives its call (one that
/// burns CPU, or one that waits) is named in its row and measured in a
/// worker of its own, so the child never runs while the stdlib reference
/// is timed; the reference's row stays clean.
@Suite(.serialized) struct LeftoverProcessTests {
    @Test(.timeLimit(.minutes(10)), arguments: ["spin-child:heckel", "fork:heckel"])
    func anEngineWhoseChildOutlivesItsCallIsMeasuredApartFromTheReference(fault: String) throws {
        let dir = try CLI.temporaryDirectory()
        let marker = UUID().uuidString
        defer {
            for process in WorkerTrustTests.processes(marked: marker) { kill(process.pid, SIGKILL) }
            try? FileManager.default.removeItem(at: dir)
        }
        let (result, document) = try WorkerTrustTests.run(fault: fault, marker: marker, engines: "heckel,stdlib", in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let heckel = try #require(document.rows.first { $0.engine == "heckel" })
        #expect(heckel.status == .ok && heckel.reasonCode == .lingeringThreads, "\(heckel.status) \(heckel.reason)")
        #expect(heckel.reason.contains("1 process(es) it started outlived its call"), "\(heckel.reason)")
        let stdlib = try #require(document.rows.first { $0.engine == "stdlib" })
        #expect(stdlib.status.isMeasured && stdlib.reasonCode == nil, "\(stdlib.status) \(stdlib.reason)")
        #expect(WorkerTrustTests.processes(marked: marker).isEmpty)
    }
}
