import InputFiles

/// What one element of the `text` workload is.
public enum TextUnit: String, CaseIterable, Sendable {
    case lines, characters
}
