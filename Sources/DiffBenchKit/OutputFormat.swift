import ArgumentParser

/// `text` or `json`: the commands whose answer has no table or report form.
enum OutputFormat: String, OutputFormatChoice {
    case text, json
}
