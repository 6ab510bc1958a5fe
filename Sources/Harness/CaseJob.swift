import DiffEngines
import InputFiles
import RunResults
import Workloads

/// One dataset × element kind, as a child process is told to run it: the
/// case description shared by the instruction-count child
/// (`count-instructions`) and the measuring worker (`measure-case`), so
/// both make or load a dataset the same way.
public struct CaseJob: Codable, Sendable, Hashable {
    /// Written as the bare name, as the job's text always had it.
    public var workload: WorkloadName?
    public var size: Int?
    public var parameters: [String: String]?
    public var file: String?
    /// The element kind the lists are projected to (`int` when absent), written as the bare name.
    public var elements: ElementKind?
    /// The engines, and the floor when the plan times it.
    public var subjects: [Subject]

    public init(
        workload: WorkloadName? = nil, size: Int? = nil, parameters: [String: String]? = nil, file: String? = nil, elements: ElementKind?,
        subjects: [Subject]
    ) {
        self.workload = workload
        self.size = size
        self.parameters = parameters
        self.file = file
        self.elements = elements
        self.subjects = subjects
    }

    /// The job for `source` in `kind` with `subjects`.
    init(_ source: RunPlan.Source, kind: ElementKind, subjects: [Subject]) {
        switch source {
        case let .generated(workload, size, parameters):
            self.init(workload: workload, size: size, parameters: parameters, elements: kind, subjects: subjects)
        case let .file(path):
            self.init(file: path, elements: kind, subjects: subjects)
        }
    }

    /// The plan's source this job runs (nil when the job names neither a known workload and size nor a file).
    var source: RunPlan.Source? {
        if let file { return .file(file) }
        guard let workload, workload.isRegistered, let size else { return nil }
        return .generated(workload: workload, size: size, parameters: parameters ?? [:])
    }

    /// "mixed@1000" or the file: the case in a message.
    var label: String { source?.label ?? "?" }

    /// The element kind, or nil when the job names an unknown one.
    var kind: ElementKind? {
        let kind = elements ?? .int
        return kind.isRegistered ? kind : nil
    }

    /// The dataset: generated from the workload with `seed`, or loaded with
    /// `loadFile`. Throws ``CaseJobError`` naming the job when it names
    /// neither; the loader's or generator's own error otherwise.
    func dataset(seed: UInt64, loadFile: (String) throws -> Dataset) throws -> Dataset {
        switch source {
        case let .generated(workload, size, parameters)?: return try workload.make(size: size, seed: seed, parameters: parameters)
        case let .file(path)?: return try loadFile(path)
        case nil: throw CaseJobError("names neither a known workload and size nor a file")
        }
    }
}

/// A job a child process cannot run (not a user's input error: the parent wrote it).
public struct CaseJobError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
