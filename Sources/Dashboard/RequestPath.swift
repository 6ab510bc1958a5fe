import Foundation

/// The path of a request as the dashboard reads it: split on `/` in its
/// percent-encoded form, then each segment decoded once, so `%2F` can never
/// join two names and `%2e%2e` is caught like `..`.
///
/// O(L) for a path of L bytes.
package enum RequestPath {
    /// The decoded segments of `encodedPath` after `prefix` (e.g. "/runs/"),
    /// with `trailingSlash` telling whether it ended in `/`.
    ///
    /// Throws 400 for a segment that does not decode as UTF-8, that is `.`
    /// or `..` (before or after decoding), that holds `/`, `\` or NUL once
    /// decoded, or that starts with `.` (hidden files are not served).
    package static func segments(of encodedPath: String, after prefix: String) throws(HTTPFailure) -> (segments: [String], trailingSlash: Bool) {
        guard encodedPath.hasPrefix(prefix) else { throw .notFound() }
        let rest = encodedPath.dropFirst(prefix.count)
        let trailingSlash = rest.isEmpty || rest.hasSuffix("/")
        var segments: [String] = []
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
            if raw.isEmpty { continue }
            guard let decoded = String(raw).removingPercentEncoding else {
                throw .badRequest("the path segment \(raw) is not valid percent-encoded UTF-8")
            }
            guard decoded != ".", decoded != "..", !decoded.hasPrefix("."),
                !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0")
            else {
                throw .badRequest("the path segment \(decoded) is not a plain file or folder name")
            }
            segments.append(decoded)
        }
        return (segments, trailingSlash)
    }

    /// `segments` joined back into a path that percent-encodes each one, for links.
    package static func encoded(_ segments: [String]) -> String {
        segments.map(encode).joined(separator: "/")
    }

    /// One segment percent-encoded: letters, digits and `-._~` stay.
    package static func encode(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(UnicodeScalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
