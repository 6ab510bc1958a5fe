import Foundation
import Testing

@testable import Harness
import RunResults

/// How the parent reads a worker that ended badly: which status, which
/// words, and the default wall-clock limit of a case.
@Suite struct CaseSupervisorTests {
    static let plan = RunPlan(cases: [], timeBudget: 2, outputDirectory: "/tmp/unused", runName: "unused")

    static func attempt(_ ending: ChildProcess.Ending, stderr: String = "", killed: Bool = false) -> CaseSupervisor.Attempt {
        var attempt = CaseSupervisor.Attempt()
        attempt.process.ending = ending
        attempt.process.errorTail = stderr
        attempt.process.killedAtDeadline = killed
        attempt.lastCall = ("heckel", .timed)
        attempt.limitSeconds = 12
        return attempt
    }

    static let trace = """
        engine: about to trap
        Harness/Subjects.swift:143: Fatal error: over 500 elements
        Current stack trace:
        0    libswiftCore.so                    0x00007f1dec55f130 swift_reportError + 33
        1    libswiftCore.so                    0x00007f1dec912b60 _swift_stdlib_reportFatalErrorInFile + 109

        """

    @Test(arguments: [
        (ChildProcess.Ending.signalled(SIGILL), trace, false, ResultRow.ReasonCode.crashed,
         "killed by SIGILL (illegal instruction) during its timed calls; stderr: engine: about to trap | Harness/Subjects.swift:143: Fatal error: over 500 elements"),
        (.signalled(SIGKILL), "", true, .timedOut,
         "killed after the case's limit of 12.0 s (the default from --time-budget; set --case-timeout) during its timed calls"),
        (.signalled(SIGABRT), "Fatal error: failed to allocate 68719476736 bytes of memory with alignment 0\n", false, .crashed,
         "killed by SIGABRT (aborted) during its timed calls; stderr: Fatal error: failed to allocate 68719476736 bytes of memory with alignment 0"),
        (.exited(3), "", false, .crashed, "the worker exited with status 3 during its timed calls"),
    ])
    func aBadEndingBecomesTheStatusAndWordsOfTheEngineItWasCalling(
        ending: ChildProcess.Ending, stderr: String, killed: Bool, code: ResultRow.ReasonCode, reason: String
    ) {
        var plan = Self.plan
        plan.caseMemory = 1 << 30
        let (found, words) = CaseSupervisor.fault(Self.attempt(ending, stderr: stderr, killed: killed), plan: plan)
        #expect(found == code)
        #expect(words == reason)
    }

    /// Issue 37, round two: the endings that name memory outside the
    /// address space or a taken report channel. A worker the parent killed
    /// when its address space and memory-backed open files reached the
    /// limit, or one ended by SIGXFSZ (a file at the limit), is
    /// out-of-memory; one that ended with the worker's own status for a
    /// lost report channel is `report-channel-lost`, a crash.
    @Test func memoryInFilesAndALostChannelHaveTheirOwnLabels() {
        var plan = Self.plan
        plan.caseMemory = 1 << 30
        var killed = Self.attempt(.signalled(SIGKILL))
        killed.process.overMemory = MemoryReading(address: 300 << 20, files: 800 << 20, processes: 0)
        let (memoryCode, memoryWords) = CaseSupervisor.fault(killed, plan: plan)
        #expect(memoryCode == .outOfMemory && memoryWords.contains("memory-backed files"), "\(memoryWords)")
        #expect(!memoryWords.contains("processes it started"), "\(memoryWords)")
        killed.process.overMemory = MemoryReading(address: 300 << 20, files: 0, processes: 900 << 20)
        let (startedCode, startedWords) = CaseSupervisor.fault(killed, plan: plan)
        #expect(startedCode == .outOfMemory && startedWords.contains("memory of the processes it started (900 MiB)"), "\(startedWords)")
        let (sizeCode, sizeWords) = CaseSupervisor.fault(Self.attempt(.signalled(SIGXFSZ)), plan: plan)
        #expect(sizeCode == .outOfMemory && sizeWords.contains("RLIMIT_FSIZE"), "\(sizeWords)")
        let (channelCode, channelWords) = CaseSupervisor.fault(Self.attempt(.exited(CaseWorker.lostChannelStatus)), plan: plan)
        #expect(channelCode == .lostReportChannel && channelCode.status == .crashed, "\(channelWords)")
    }

    /// A worker whose memory cgroup's out-of-memory killer ended one of its
    /// processes reached the case's memory, however it ended: killed, or
    /// exiting 0 with its rows (a child of the engine's was the one killed).
    /// It is `out-of-memory`, and what it reported is not kept
    /// (``ChildProcess/Followed/completed``); with no kill, an exit 0 is kept.
    @Test(arguments: [ChildProcess.Ending.signalled(SIGKILL), .exited(0)])
    func aKillInTheWorkersMemoryCgroupIsOutOfMemory(ending: ChildProcess.Ending) {
        var plan = Self.plan
        plan.caseMemory = 1 << 30
        var attempt = Self.attempt(ending)
        #expect(attempt.process.completed == (ending == .exited(0)))
        attempt.process.cgroupKills = 2
        #expect(!attempt.process.completed)
        let (code, words) = CaseSupervisor.fault(attempt, plan: plan)
        #expect(code == .outOfMemory && words.contains("memory cgroup") && words.contains("ended 2 of its processes"), "\(words)")
    }

    /// Issue 37: a SIGKILL the parent did not send is out-of-memory only
    /// when the worker's resident peak came within 10 % of the limit; any
    /// other is a crash (a stray kill, not the memory limit).
    @Test(arguments: [(0, ResultRow.ReasonCode.crashed), (800 << 20, .crashed), (940 << 20, .outOfMemory), (1 << 30, .outOfMemory)])
    func aSIGKILLIsOutOfMemoryOnlyNearTheLimit(peakBytes: Int, code: ResultRow.ReasonCode) {
        var plan = Self.plan
        plan.caseMemory = 1 << 30
        var attempt = Self.attempt(.signalled(SIGKILL))
        attempt.process.peakBytes = peakBytes
        let (found, words) = CaseSupervisor.fault(attempt, plan: plan)
        #expect(found == code, "\(peakBytes): \(words)")
        #expect(words.contains("SIGKILL"), "\(words)")
    }

    /// Issue 37: out-of-memory rests on the parent's own reading of the
    /// worker's memory, never on its words. An allocation failure's words
    /// with the memory low are a crash, whatever the signal or exit status;
    /// an address space within a quarter of the limit at the fault is out
    /// of memory, with or without words.
    @Test(arguments: [
        (ChildProcess.Ending.signalled(SIGABRT), 100 << 20, true, ResultRow.ReasonCode.crashed),
        (.signalled(SIGILL), 700 << 20, true, .crashed),
        (.signalled(SIGKILL), 0, true, .crashed),
        (.exited(1), 700 << 20, true, .crashed),
        (.signalled(SIGABRT), 800 << 20, false, .outOfMemory),
        (.signalled(SIGSEGV), 1000 << 20, true, .outOfMemory),
        (.exited(1), 900 << 20, false, .outOfMemory),
        (.exited(0), 1 << 30, false, .crashed),
    ])
    func outOfMemoryIsTheParentsReadingNotTheWorkersWords(ending: ChildProcess.Ending, addressPeak: Int, words: Bool, code: ResultRow.ReasonCode) {
        var plan = Self.plan
        plan.caseMemory = 1 << 30
        var attempt = Self.attempt(ending, stderr: words ? "fatal error: out of memory: std::bad_alloc, cannot allocate memory\n" : "")
        attempt.process.addressPeakBytes = addressPeak
        let (found, reason) = CaseSupervisor.fault(attempt, plan: plan)
        #expect(found == code, "\(ending) at \(addressPeak): \(reason)")
        #expect(reason.contains("its address space reached") == (code == .outOfMemory), "\(reason)")
    }

    @Test func theDefaultCaseLimitCoversEveryEngineBudgetAndCallsAndIsFinite() {
        let plan = Self.plan
        let predicted: [Double?] = [nil, 1.5, 10, nil]
        let limit = plan.caseLimitSeconds(predictedCalls: predicted)
        // What the case may take by its own rules: each engine's budget, its verifying call, the call that
        // overruns the budget and the memory pass, and the facts' quarter budget.
        let allowed = predicted.reduce(plan.timeBudget / 4 + plan.minTime) { $0 + plan.timeBudget + 3 * min($1 ?? 0, plan.timeBudget) }
        #expect(limit.isFinite)
        #expect(limit >= 2 * allowed)
        // More engines, or slower predicted calls, never lower it.
        #expect(plan.caseLimitSeconds(predictedCalls: predicted + [5]) > limit)
        #expect(plan.caseLimitSeconds(predictedCalls: [nil, 1.9, 10, nil]) > limit)
        #expect(RunPlan.defaultCaseMemory > 0)
    }
}
