/// Why the server cannot start (bad --reports, --host or --port, a port in use).
package struct DashboardError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
