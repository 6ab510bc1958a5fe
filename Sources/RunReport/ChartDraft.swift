import RunResults

/// A chart before it is written: the file record, the `.dat` and `.gp` text.
struct ChartDraft {
    var file: ChartFile
    var data: String
    var script: String
}
