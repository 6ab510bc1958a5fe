import InputFiles
import RunResults

/// A workload that cannot be generated as asked.
public enum WorkloadError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownWorkload(String)
    case negativeSize(Int)
    case sizeTooLarge(Int, limit: Int)
    case unknownParameter(workload: WorkloadName, name: String)
    case badParameter(workload: WorkloadName, name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .unknownWorkload(name):
            return "unknown workload \"\(name)\"; expected one of: "
                + WorkloadName.allCases.map(\.rawValue).joined(separator: ", ")
        case let .negativeSize(size):
            return "size \(size) is negative; a workload needs a size of 0 or more"
        case let .sizeTooLarge(size, limit):
            return "size \(size) is larger than the largest supported size, \(limit)"
        case let .unknownParameter(workload, name):
            let known = workload.parameters.map(\.name)
            return "the \(workload.rawValue) workload has no parameter \"\(name)\""
                + (known.isEmpty ? " (it takes none)" : "; it takes: " + known.joined(separator: ", "))
        case let .badParameter(workload, name, value, expected):
            return "\(workload.rawValue) parameter \(name)=\(value): expected \(expected)"
        }
    }
}
