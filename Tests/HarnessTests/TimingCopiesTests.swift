import DiffEngines
import Foundation
import Testing
import RunResults
import Workloads

@testable import Harness

/// Timing that an engine's cache cannot game: the timed calls rotate
/// between equal copies of the lists, each in storage of its own.
@Suite(.serialized) struct TimingCopiesTests {
    /// Every copy equals the lists it copies, in every element kind, and
    /// no two of them (nor a copy and the original) share a buffer.
    @Test(arguments: ElementKind.allCases)
    func copiesAreEqualInContentAndDistinctInStorage(kind: ElementKind) throws {
        let dataset = try WorkloadName.mixed.make(size: 50, seed: UInt64.random(in: 1...1_000))
        let lists = ProjectedLists(dataset, kind: kind)
        let copies = lists.freshCopies(Runner.timingCopies)
        #expect(copies.count == Runner.timingCopies)
        let identities = ([lists] + copies).map(FaultInjection.identity)
        #expect(Set(identities.flatMap { $0 }).count == 2 * identities.count, "\(identities)")
        for copy in copies {
            switch (lists, copy) {
            case let (.items(a, b), .items(c, d)): #expect(a == c && b == d)
            case let (.uuids(a, b), .uuids(c, d)): #expect(a == c && b == d)
            case let (.records(a, b), .records(c, d)): #expect(a == c && b == d)
            case let (.strings(a, b), .strings(c, d)): #expect(a == c && b == d)
            default: Issue.record("a copy of another kind")
            }
        }
    }

    /// An engine that answers a call on the same arrays as its last call
    /// from a cache (`cache:heckel`) gets no hit in the verification and
    /// timed calls of a case: each timed call has arrays the call before
    /// did not.
    @Test(.timeLimit(.minutes(10)))
    func anEngineCachingOnItsInputsIdentityIsNeverTimedOnAHit() throws {
        let plan = RunPlan(
            engines: [.heckel], cases: [.generated(workload: .mixed, size: 60, parameters: [:])], minSamples: 4, minTime: 0,
            maxSamples: 4, timeBudget: 1, sampleTargetNanoseconds: 50_000, measureMemory: false, outputDirectory: "/tmp/unused",
            runName: "unused")
        let runner = Runner(plan: plan)
        FaultInjection.lastAnswer.withLock { $0 = nil }
        FaultInjection.cacheHits.store(0, ordering: .relaxed)
        let dataset = try WorkloadName.mixed.make(size: 60, seed: 3)
        let rows = FaultInjection.$scoped.withValue(FaultInjection.parse("cache:heckel")) {
            CaseRun(runner: runner, dataset: dataset, kind: .int, cost: CostModel()).rows()
        }
        let heckel = try #require(rows.first { $0.engine == "heckel" })
        #expect(heckel.status == .ok && heckel.samples == 4, "\(heckel.status) \(heckel.reason)")
        #expect(FaultInjection.cacheHits.load(ordering: .relaxed) == 0)
    }
}
