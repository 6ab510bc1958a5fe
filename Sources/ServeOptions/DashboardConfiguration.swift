/// What `diffbench serve` was asked for. It lives apart from `Dashboard` so
/// that `diffbench` can build it and hand it to `diffbench-serve` without
/// linking the HTTP server (see ``arguments``).
package struct DashboardConfiguration: Sendable, Equatable {
    /// The address to bind: 127.0.0.1 unless `--host` says otherwise.
    package var host: String
    /// The port; 0 takes any free one (the address printed says which).
    package var port: UInt16
    /// The reports folder whose runs are listed and served.
    package var reports: String
    /// The executable that runs `teach` for the teach form: the `diffbench`
    /// that was started (a plug-in binary's own), not the server.
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

    /// The server's executable, found beside the `diffbench` that execs it.
    /// A process of its own because FlyingFox brings FoundationNetworking
    /// (libcurl and about thirty more libraries): linked into `diffbench`,
    /// the dynamic linker loaded them at every start of every command, about
    /// 20 M instructions and 8 ms of CPU (issue 36's `history add`).
    package static let serverExecutable = "diffbench-serve"

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

    /// The configuration as `diffbench-serve`'s arguments, read back by
    /// ``init(arguments:)``: `diffbench serve` checks the user's options,
    /// then replaces itself by the server with these (same process, so its
    /// signals and exit status are the server's). O(engines).
    package var arguments: [String] {
        var list = [
            "--host", host, "--port", String(port), "--reports", reports, "--executable", executable,
            "--teach-parallel", String(teachParallel), "--timeout", String(requestTimeout),
        ]
        for engine in engines { list += ["--engine", engine] }
        return list
    }

    /// The configuration ``arguments`` wrote, or nil for any other list: the
    /// server is started by `diffbench serve`, which has checked every value,
    /// not by hand. O(arguments).
    package init?(arguments: [String]) {
        var values: [String: String] = [:]
        var engines: [String] = []
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else { return nil }
            let (name, value) = (arguments[index], arguments[index + 1])
            if name == "--engine" {
                engines.append(value)
            } else {
                guard values.updateValue(value, forKey: name) == nil else { return nil }
            }
            index += 2
        }
        guard values.count == 6, let host = values["--host"], let port = values["--port"].flatMap({ UInt16($0) }),
            let reports = values["--reports"], let executable = values["--executable"],
            let parallel = values["--teach-parallel"].flatMap({ Int($0) }), let timeout = values["--timeout"].flatMap({ Double($0) })
        else { return nil }
        self.init(host: host, port: port, reports: reports, executable: executable, engines: engines, teachParallel: parallel)
        requestTimeout = timeout
    }
}
