import ArgumentParser

/// `diff`'s formats: the shared ones plus UIKit batch updates, as a listing
/// or as a batch file for `validate`.
enum DiffOutputFormat: String, OutputFormatChoice {
    case text, json
    case batch
    case batchJSON = "batch-json"
    /// A unified diff of two texts (`--lines`), for `patch`.
    case unified
}
