import Dashboard
import Foundation
import FileSupport
import ServeOptions

// `diffbench-serve`: the dashboard's HTTP server, which `diffbench serve`
// execs with the options it parsed and checked (DashboardConfiguration's
// `arguments`). Its own executable so that no other command of `diffbench`
// loads FlyingFox's networking libraries at start.
guard let configuration = DashboardConfiguration(arguments: Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("diffbench-serve: the dashboard's server takes the options `diffbench serve` passes; run `diffbench serve` instead\n".utf8))
    exit(2)
}
do {
    let server = try DashboardServer(configuration)
    let exposed = !DashboardConfiguration.isLoopback(configuration.host)
    let host = configuration.host, reports = configuration.reports
    try server.serveUntilSignalled { address in
        var lines = "diffbench serve: \(address) (reports: \(TerminalText.visible(reports)); Ctrl-C stops)\n"
        if exposed { lines += "diffbench: warning: --host \(host) is reachable from other machines: they can read the reports and run teach\n" }
        FileHandle.standardOutput.write(Data(lines.utf8))
    }
} catch {
    FileHandle.standardError.write(Data("diffbench: \(error.message)\n".utf8))
    exit(2)
}
