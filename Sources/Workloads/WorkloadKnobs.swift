import InputFiles
import RunResults

/// The given parameters checked against a workload's knobs, with defaults
/// filled in. Unknown names are refused so that a typo never silently
/// generates the default dataset.
public struct WorkloadKnobs {
    let workload: WorkloadName
    private(set) var effective: [String: String] = [:]

    init(workload: WorkloadName, given: [String: String]) throws(WorkloadError) {
        self.workload = workload
        let known = workload.parameters
        // Sorted so that, with several unknown names, the same one is reported every time.
        for name in given.keys.sorted() where !known.contains(where: { $0.name == name }) {
            throw .unknownParameter(workload: workload, name: name)
        }
        for parameter in known {
            effective[parameter.name] = given[parameter.name] ?? parameter.defaultValue
        }
    }

    private func bad(_ name: String, _ expected: String) -> WorkloadError {
        .badParameter(workload: workload, name: name, value: effective[name] ?? "", expected: expected)
    }

    /// A share from 0 to 1, written as a decimal number.
    public func fraction(_ name: String) throws(WorkloadError) -> Double {
        guard let text = effective[name], let value = Double(text), value.isFinite, value >= 0, value <= 1 else {
            throw bad(name, "a number from 0 to 1")
        }
        return value
    }

    public func integer(_ name: String, _ range: ClosedRange<Int>) throws(WorkloadError) -> Int {
        guard let text = effective[name], let value = Int(text), range.contains(value) else {
            throw bad(name, "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(WorkloadError) -> T
    where T.RawValue == String {
        guard let text = effective[name], let value = T(rawValue: text) else {
            throw bad(name, "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
