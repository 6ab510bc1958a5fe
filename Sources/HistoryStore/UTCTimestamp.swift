import Foundation

/// A moment as ISO 8601 in UTC to the second (`2026-11-28T20:15:00Z`), the
/// text `ISO8601DateFormatter` writes with its default options, without
/// making one: `history add` stamps each run it stores, and a formatter is
/// an ICU object built for that one call. O(1).
enum UTCTimestamp {
    /// The current time.
    static func now() -> String { text(secondsSince1970: Int(Date().timeIntervalSince1970.rounded(.down))) }

    /// `seconds` after 1970-01-01T00:00:00Z (years 1 to 9999).
    static func text(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))Z"
    }
}
