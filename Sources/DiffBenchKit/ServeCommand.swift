import ArgumentParser
import FileSupport
import Foundation
import Harness
import ServeOptions

/// `diffbench serve`: the local dashboard (runs, compare, history, teach).
struct ServeCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a local dashboard: the runs' report pages, compare, history, and a teach form that steps through any pair.",
        discussion: """
            Binds 127.0.0.1 (this machine only) unless --host says otherwise, prints its address, and \
            serves until Ctrl-C (SIGINT) or SIGTERM. Pages: Runs (the run folders under --reports, \
            newest first, each opening the report page run wrote), Compare (two runs, compare's \
            report), History (REPORTS/history/ when written, and the runs of REPORTS/history.sqlite), \
            Teach (two lists as characters or lines and an engine; the stepper page teach writes, \
            made by running this executable's teach in a temporary folder that is removed afterwards).

            Only files inside the run folders and REPORTS/history/ are served (links resolved); \
            request bodies over 64 KB get 413.

            --host 0.0.0.0 (or any address other than loopback) lets every machine that can reach this \
            one read the reports (file names, commits, machine names) and run teach here: use it on a \
            trusted network only.

            Exit status: 0 after a clean stop, 2 on bad usage (no such --reports folder, a bad --host, \
            a port in use).
            """
    )

    @Option(help: "Port to listen on; 0 takes a free one.")
    var port: Int = 8087

    @Option(help: ArgumentHelp("The reports folder whose runs are served.", valueName: "dir"))
    var reports: String = "Reports"

    @Option(help: "Address to bind: 127.0.0.1 by default; another address exposes the reports and teach to the network.")
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("Seconds a request may take, waiting for a teach worker included (then 500); also how long a connection may stay silent before it is closed.", valueName: "seconds"))
    var timeout: Double = 60

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    /// Checks the options, then replaces this process by `diffbench-serve`
    /// (``DashboardConfiguration/serverExecutable``, beside this executable)
    /// with them: the process keeps its id, so Ctrl-C, SIGTERM and the exit
    /// status are the server's own.
    func run(with registry: EngineRegistry) throws {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var configuration = DashboardConfiguration(
            host: host, port: UInt16(port), reports: reports, executable: executable,
            engines: registry.names.map(\.rawValue), teachParallel: max(2, ProcessInfo.processInfo.activeProcessorCount))
        configuration.requestTimeout = timeout
        let server = (executable as NSString).deletingLastPathComponent + "/" + DashboardConfiguration.serverExecutable
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw CLIFailure.badInput(
                "serve: \(TerminalText.visible(server)) is missing: build the dashboard's server beside diffbench (swift build -c release --product diffbench-serve; without -c release for a debug diffbench)")
        }
        try StandardOutput.flush()
        let argv = ([server] + configuration.arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw CLIFailure.badInput("serve: cannot start \(TerminalText.visible(server)): \(reason)")
    }
}
