/// A request the dashboard refuses, with the status and the message its
/// page shows (escaped when it is drawn: the message may quote the request).
package struct HTTPFailure: Error, Sendable, CustomStringConvertible {
    package var status: Int
    package var message: String

    package init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    package var description: String { "\(status): \(message)" }

    package static func badRequest(_ message: String) -> HTTPFailure { HTTPFailure(400, message) }
    package static func notFound(_ message: String = "no such page or file") -> HTTPFailure { HTTPFailure(404, message) }
    package static func forbidden(_ message: String = "only files of the runs under the reports folder are served") -> HTTPFailure {
        HTTPFailure(403, message)
    }
}
