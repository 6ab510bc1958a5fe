import InputFiles
import RunResults

extension Dataset {
    /// Whether the dataset says it was made by the generator of the workload
    /// it names, at the current generator version. O(1). Trusted only for a
    /// dataset made in this process or passed through
    /// ``checkingGeneratorClaim(file:)``, which re-runs the generator.
    public var isGenerated: Bool {
        generator == Dataset.generatorVersion && WorkloadName(registered: workload) != nil
    }

    /// The dataset read from `file`, its claim to be generated re-checked:
    /// when it names a workload, the generator is re-run with its size, seed
    /// and parameters and must give the same lists at the same generator
    /// version. A claim that fails (a hand-made file calling itself
    /// `mixed`, an older generator) is dropped — no generator, and the
    /// workload renamed after the file — so `targets` and the CI plan never
    /// count a user's data as a generated workload. O(N + M).
    public func checkingGeneratorClaim(file: String) -> Dataset {
        guard let workload = WorkloadName(registered: self.workload) else { return self }
        if generator == Dataset.generatorVersion, let made = try? workload.make(size: size, seed: seed, parameters: parameters),
            made.old == old, made.new == new, made.kind == kind, made.oldSections == oldSections,
            made.newSections == newSections, made.symbols == symbols
        {
            return self
        }
        var renamed = self
        renamed.generator = nil
        renamed.workload = (file.split(separator: "/").last.map(String.init) ?? file) + " (says \(self.workload))"
        return renamed
    }
}
