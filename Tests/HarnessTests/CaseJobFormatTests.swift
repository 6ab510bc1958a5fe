import Foundation
import Testing

@testable import Harness
import RunResults

/// The worker's job text passes between a parent and the child process it
/// starts: the typed workload and element kind must be written as the bare
/// names the job's text has always held, and a name the child does not know
/// must read back as a name (the child then refuses the case, not the file).
@Suite struct CaseJobFormatTests {
    static func text(_ job: CaseJob) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(job), as: UTF8.self)
    }

    static func job(_ text: String) throws -> CaseJob { try JSONDecoder().decode(CaseJob.self, from: Data(text.utf8)) }

    @Test func workloadAndKindAreWrittenAsBareNames() throws {
        let generated = CaseJob(.generated(workload: .mixed, size: 100, parameters: ["k": "v"]), kind: .uuid, subjects: [.stdlib, .floor])
        #expect(try Self.text(generated) == #"{"elements":"uuid","parameters":{"k":"v"},"size":100,"subjects":["stdlib","floor"],"workload":"mixed"}"#)
        let file = CaseJob(.file("a.json"), kind: .int, subjects: [.stdlib])
        #expect(try Self.text(file) == #"{"elements":"int","file":"a.json","subjects":["stdlib"]}"#)
    }

    @Test func jobTextReadsBackAndUnknownNamesNameNoCase() throws {
        let job = try Self.job(#"{"workload":"periodic","size":8,"elements":"record","subjects":["myers"]}"#)
        #expect(job.workload == .periodic && job.elements == .record)
        #expect(job.source == .generated(workload: .periodic, size: 8, parameters: [:]) && job.kind == .record)
        #expect(try Self.text(job) == #"{"elements":"record","size":8,"subjects":["myers"],"workload":"periodic"}"#)
        let unknown = try Self.job(#"{"workload":"nope","size":8,"elements":"quantum","subjects":[]}"#)
        #expect(unknown.workload == "nope" && unknown.elements == "quantum")
        #expect(unknown.source == nil && unknown.kind == nil)
        // A job without a kind (the calibration job) projects to int.
        #expect(try Self.job(#"{"file":"a.json","subjects":[]}"#).kind == .int)
    }
}
