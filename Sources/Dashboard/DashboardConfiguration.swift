import Foundation

/// What `diffbench serve` was asked for.
package struct DashboardConfiguration: Sendable {
    /// The address to bind: 127.0.0.1 unless `--host` says otherwise.
    package var host: String
    /// The port; 0 takes any free one (the address printed says which).
    package var port: UInt16
    /// The reports folder whose runs are listed and served.
    package var reports: String
    /// The executable that runs `teach` for the teach form: the server's own.
    package var executable: String
    /// The engines the teach form offers (the registry's names), the default first.
    package var engines: [String]
    /// Teach children at once.
    package var teachParallel: Int
    /// Seconds a request may take (the teach queue included), then 500; also
    /// the longest a connection may send or take nothing (IdleClosingPool).
    package var requestTimeout: Double = 60

    /// Largest request body read (the teach form); beyond it 413.
    package static let bodyLimit = 64 * 1024

    package init(host: String, port: UInt16, reports: String, executable: String, engines: [String], teachParallel: Int) {
        self.host = host
        self.port = port
        self.reports = reports
        self.executable = executable
        self.engines = engines
        self.teachParallel = teachParallel
    }

    /// Whether `host` only reaches this machine (127.0.0.0/8, ::1, localhost).
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
