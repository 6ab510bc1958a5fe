import Foundation
import RunResults
import Testing

@testable import Compare

/// The catalog a run records (workloads, element kinds, targets, engines'
/// claims): merged across shards, read back, listed; an older file without
/// it is read with the binary's own targets and a note.
@Suite("Catalog records in results.json") struct CatalogRecordTests {
    static let mixed = WorkloadInfo(name: "mixed", summary: "remove, insert, derange", ids: .unique, sizeChange: "n → n")
    static let text = WorkloadInfo(
        name: "text", summary: "two versions of a text",
        parameters: [WorkloadInfo.Parameter(name: "unit", defaultValue: "lines", help: "lines or characters")], ids: .repeating,
        sizeChange: "n → ≈ n")

    /// Shard `index` of 2 with one dataset of `workload`, recording the catalog.
    static func shard(_ index: Int, _ workload: WorkloadInfo, targets: [PerformanceTarget]? = PerformanceTargets.catalog) -> RunMerge.Part {
        var document = Fixture.document(Fixture.dataset(WorkloadName(workload.name), 100))
        document.plan.shard = ShardLabel(index: index, count: 2)
        document.plan.workloads = [WorkloadName(workload.name)]
        document.plan.sizes = [100]
        document.workloads = [workload]
        document.elementKinds = [ElementKindInfo(name: "int", summary: "integer ids")]
        document.targets = targets
        document.engines = Fixture.engines.map { EngineInfo(name: $0.name, summary: $0.name, colour: "#000000", symbol: 1, claims: []) }
        return RunMerge.Part(path: "shard\(index)/results.json", document: document)
    }

    @Test("merge keeps each record once: the workloads of every shard, the kinds and the targets they share")
    func mergeUnitesRecords() throws {
        let (merged, _) = try RunMerge.merge([Self.shard(1, Self.mixed), Self.shard(2, Self.text)], runName: "merged")
        #expect(merged.workloads == [Self.mixed, Self.text])
        #expect(merged.elementKinds?.map(\.name) == ["int"])
        #expect(merged.targets == PerformanceTargets.catalog)
        #expect(merged.engines?.count == Fixture.engines.count)
    }

    @Test("merge refuses shards whose records disagree, or a shard without them beside one with them")
    func mergeRefusesDisagreement() throws {
        var changed = PerformanceTargets.catalog
        changed[0].limit *= 2
        let disagree = #expect(throws: CompareInputError.self) {
            try RunMerge.merge([Self.shard(1, Self.mixed), Self.shard(2, Self.text, targets: changed)], runName: "merged")
        }
        #expect(disagree?.description.contains("shard2/results.json") == true, "\(String(describing: disagree))")
        #expect(disagree?.description.contains("target \(changed[0].id) is recorded otherwise in shard1/results.json") == true)
        let missing = #expect(throws: CompareInputError.self) {
            try RunMerge.merge([Self.shard(1, Self.mixed), Self.shard(2, Self.text, targets: nil)], runName: "merged")
        }
        #expect(missing?.description.contains("records no targets but shard1/results.json does") == true, "\(String(describing: missing))")
        var other = Self.shard(2, Self.text)
        other.document.workloads = [WorkloadInfo(name: "mixed", summary: "another mixed", ids: .repeating, sizeChange: "n → n")]
        let workload = #expect(throws: CompareInputError.self) { try RunMerge.merge([Self.shard(1, Self.mixed), other], runName: "merged") }
        #expect(workload?.description.contains("workload mixed is recorded otherwise") == true)
    }

    @Test("the document's targets are the ones evaluated: a limit recorded in the file wins over the binary's")
    func recordedTargetsAreEvaluated() throws {
        let rows = Fixture.dataset("mixed", 5_000, medians: ["heckel": 9, "stdlib": 1_000])
        var document = Fixture.document(rows)
        let target = try #require(PerformanceTargets.catalog.first { $0.id == "heckel-stdlib-mixed-5000" })
        #expect(PerformanceTargets.evaluate(document).first { $0.targetID == target.id }?.met == true)
        var stricter = target
        stricter.limit = 0.005
        document.targets = [stricter]
        let checks = PerformanceTargets.evaluate(document)
        #expect(checks.map(\.targetID) == [target.id])
        #expect(checks.first?.met == false)
        #expect(PerformanceTargets.targets(of: document).note == nil)
    }

    @Test("an older file without targets is checked against the binary's catalog, with a one-line note")
    func olderFileUsesTheCatalog() throws {
        let document = Fixture.document(Fixture.dataset("mixed", 5_000))
        #expect(document.targets == nil)
        let (targets, note) = PerformanceTargets.targets(of: document)
        #expect(targets == PerformanceTargets.catalog)
        let line = try #require(note)
        #expect(!line.contains("\n") && line.contains("records no targets"))
        #expect(PerformanceTargets.markdown(PerformanceTargets.evaluate(document), note: note).contains("Note: " + line))
    }

    @Test("a recorded target of a measure this binary does not know is read, and not measured")
    func unknownMeasure() throws {
        var document = Fixture.document([])
        document.targets = [PerformanceTarget(id: "future", area: "history speed", measure: .init("history-speed"), engines: ["myers"], limit: 1)]
        let data = try JSONEncoder().encode(document)
        let read = try JSONDecoder().decode(RunDocument.self, from: data)
        let check = try #require(PerformanceTargets.evaluate(read).first)
        #expect(check.met == nil)
        #expect(check.measured.contains("does not know the measure history-speed"))
    }

    @Test("a check not measured is written with met null (never left out), the checks' missing note as null, and read back as nil either way")
    func unmeasuredCheckWritesNull() throws {
        let target = PerformanceTarget(id: "future", area: "history speed", measure: .init("history-speed"), engines: ["myers"], limit: 1)
        let checks = PerformanceTargets.evaluate(Fixture.document([]), targets: [target])
        let object = try #require(JSONSerialization.jsonObject(with: Data(PerformanceTargets.checksJSON(checks).utf8)) as? [String: Any])
        #expect(object["note"] is NSNull)
        let check = try #require((object["checks"] as? [[String: Any]])?.first)
        #expect(check["met"] is NSNull)
        #expect(Set(check.keys) == ["target_id", "area", "subject", "goal", "measured", "met"])
        var withoutMet = check
        withoutMet["met"] = nil
        for written in [check, withoutMet] {
            let read = try JSONDecoder().decode(PerformanceTargets.Check.self, from: JSONSerialization.data(withJSONObject: written))
            #expect(read == checks[0])
        }
    }

    @Test("--list names every target with its limit, every measure kind and every compare threshold with its default")
    func listing() throws {
        let text = PerformanceTargets.listMarkdown(PerformanceTargets.catalog)
        for target in PerformanceTargets.catalog {
            #expect(text.contains("| \(target.id) | \(target.area) | \(target.measure) |"), "\(target.id)")
        }
        #expect(text.contains("| heckel-stdlib-mixed-5000 | heckel ÷ stdlib | median-ratio | heckel ÷ stdlib on mixed@5000 (int) | ≤ 0.009× |"))
        #expect(text.contains("| lcs-bytes-per-cell-mixed-5000 | lcs bytes per cell | peak-heap-per-cell | lcs on mixed@5000 (int) | ≤ 2 B/cell + 64 B per element |"))
        for kind in PerformanceTargets.measures { #expect(text.contains("| \(kind.measure) | \(kind.meaning) |")) }
        #expect(text.contains("| instruction_fraction | --instruction-threshold | 1% |"))
        #expect(text.contains("| timing | --threshold | 50% |"))
        let json = try JSONDecoder().decode(PerformanceTargets.Listing.self, from: Data(PerformanceTargets.listJSON(PerformanceTargets.catalog).utf8))
        #expect(json.targets == PerformanceTargets.catalog)
        #expect(json.measures.count == PerformanceTargets.measures.count)
        #expect(json.compareThresholds == CompareThresholds.defaults.listed)
    }

    @Test("the listed thresholds are every key a baseline's thresholds are written with")
    func thresholdsListedWhole() throws {
        let object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(CompareThresholds.defaults)) as? [String: Any])
        #expect(Set(object.keys) == Set(CompareThresholds.defaults.listed.map(\.key)))
    }

    @Test("the checks table escapes what the results file recorded: a target's area cannot add a cell or a link")
    func checksTableEscapesRecordedText() throws {
        let target = PerformanceTarget(
            id: "odd", area: "a | b [link](http://x) *c*", measure: .medianRatio, engines: ["heckel"], reference: "stdlib",
            workloads: ["mixed"], sizes: [10], limit: 1)
        let checks = PerformanceTargets.evaluate(Fixture.document([]), targets: [target])
        let table = PerformanceTargets.markdown(checks, note: "from [a file](x)")
        let line = try #require(table.split(separator: "\n").first { $0.contains("link") })
        // Six cell borders, as in every other line of the table; the area's own bar is escaped.
        #expect(line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 6, "\(line)")
        #expect(line.contains("a \\| b \\[link\\](http://x) \\*c\\*"), "\(line)")
        #expect(table.contains("Note: from \\[a file\\](x)."))
    }

    @Test("a recorded target naming no engine where its measure needs one still shows, as not measured")
    func targetWithNothingToCheckStillShows() throws {
        let target = PerformanceTarget(
            id: "empty", area: "heckel ÷ floor", measure: .peakHeapPerElement, engines: [], workloads: ["mixed"], sizes: [100], limit: 64)
        let checks = PerformanceTargets.evaluate(Fixture.document(Fixture.dataset("mixed", 100)), targets: [target])
        #expect(checks.count == 1)
        #expect(checks.first?.met == nil && checks.first?.measured.hasPrefix("not measured") == true, "\(checks)")
    }
}
