import Foundation

/// `application/x-www-form-urlencoded` bodies and query strings.
package enum FormFields {
    /// The fields of `text`; `+` is a space. Throws 400 for a field that does
    /// not decode as UTF-8. The last of repeated fields wins.
    package static func decode(_ text: String) throws(HTTPFailure) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String? { String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decoded(parts[0]), let value = decoded(parts.count > 1 ? parts[1] : "") else {
                throw .badRequest("a form field is not valid percent-encoded UTF-8")
            }
            fields[name] = value
        }
        return fields
    }
}
