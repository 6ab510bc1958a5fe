import ServeOptions
import Testing

/// `diffbench serve` hands its checked options to `diffbench-serve` as an
/// argument list; the server reads back exactly what was sent, and nothing
/// else (it is not a command for users).
@Suite struct ServeArgumentsTests {
    @Test func theServerReadsBackWhatServeSent() throws {
        var configuration = DashboardConfiguration(
            host: "::1", port: 0, reports: "Reports with spaces/--port", executable: "/opt/bench/custom-bench",
            engines: ["myers", "heckel", "my-engine"], teachParallel: 3)
        configuration.requestTimeout = 0.1
        #expect(DashboardConfiguration(arguments: configuration.arguments) == configuration)
        configuration.engines = []
        #expect(DashboardConfiguration(arguments: configuration.arguments) == configuration)
    }

    @Test(arguments: [
        [], ["--port", "8087"], ["--help"],
        ["--host", "127.0.0.1", "--port", "8087", "--reports", "R", "--executable", "/x", "--teach-parallel", "2", "--timeout"],
        ["--host", "127.0.0.1", "--port", "70000", "--reports", "R", "--executable", "/x", "--teach-parallel", "2", "--timeout", "60"],
        ["--host", "a", "--host", "b", "--port", "1", "--reports", "R", "--executable", "/x", "--teach-parallel", "2", "--timeout", "60"],
        ["--host", "a", "--port", "1", "--reports", "R", "--executable", "/x", "--teach-parallel", "2", "--timeout", "60", "--colour", "red"],
    ])
    func anyOtherListIsRefused(arguments: [String]) {
        #expect(DashboardConfiguration(arguments: arguments) == nil)
    }
}
