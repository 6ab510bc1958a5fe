import InputFiles
import RunResults
import Workloads

/// Where a run's cases are measured: in worker processes
/// (``CaseSupervisor``, the default), or in this process (``InProcessCases``,
/// `run --in-process`). The runner has one loop over the plan's cases and
/// makes and saves each dataset itself; it asks its execution only for the
/// cost model and for each dataset × kind's rows. Both measure a case with
/// the same ``CaseRun``: in process is the worker's path without the
/// process, its isolation and its limits.
protocol CaseExecution {
    /// The cost model of `engines`, calibrated where the cases will run.
    func calibrate(_ engines: [EngineDescriptor]) throws -> CostModel
    /// The rows of `source` (already made as `dataset`) in `kind`, in plan
    /// order: engines, then the floor.
    func rows(of source: RunPlan.Source, dataset: Dataset, kind: ElementKind, cost: CostModel) throws -> [ResultRow]
}

/// The cases measured in this process: no worker, no limit, nothing to
/// restart. An engine that crashes ends the run; for debugging an engine.
struct InProcessCases: CaseExecution {
    let runner: Runner

    func calibrate(_ engines: [EngineDescriptor]) throws -> CostModel {
        CostModel.calibrate(engines: engines, kinds: runner.plan.elementKinds, seed: runner.plan.seed)
    }

    func rows(of source: RunPlan.Source, dataset: Dataset, kind: ElementKind, cost: CostModel) throws -> [ResultRow] {
        CaseRun(runner: runner, dataset: dataset, kind: kind, cost: cost).rows()
    }
}

extension CaseSupervisor: CaseExecution {
    func calibrate(_ engines: [EngineDescriptor]) throws -> CostModel {
        try calibrate(engines.map(\.name))
    }

    func rows(of source: RunPlan.Source, dataset: Dataset, kind: ElementKind, cost: CostModel) throws -> [ResultRow] {
        try measure(source, kind: kind, cost: cost)
    }
}
