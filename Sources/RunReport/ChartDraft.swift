import RunResults

/// A chart before it is written: the file record, the `.dat` and `.gp` text.
struct ChartDraft {
    var file: ChartFile
    var data: String
    var script: String
    /// The power laws fitted on the way (scaling and memory charts), for the report's exponent table.
    var fits: [ExponentFit] = []
}
