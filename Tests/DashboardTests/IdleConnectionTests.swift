import DiffBenchTestSupport
import Foundation
import Testing

/// A connection that stops sending (a request head or body never finished)
/// is closed by the server after `--timeout` seconds of silence, and the
/// server goes on answering others. Without the idle cut the server would
/// hold such a connection for ever: `waitForClose` would give up after two
/// minutes and say the connection was still open.
@Suite("Dashboard: idle connections are closed", .serialized, .timeLimit(.minutes(10)), .tags(.process))
struct IdleConnectionTests {
    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        "POST /teach HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nold=abc",
        "",
    ])
    func aStalledConnectionIsClosedAndOthersAreServed(sent: String) throws {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary, timeout: 2)
        defer { server.stop() }
        let stalled = try StalledConnection(port: server.port, sending: sent)
        defer { stalled.close() }
        let outcome = stalled.waitForClose(giveUpAfter: 120)
        #expect(outcome == .closed, "the server left a connection that sent \(sent.debugDescription) open: \(outcome)")
        #expect(try RawHTTP.send(port: server.port, path: "/").status == 200, "the server still answers")
    }
}

/// A client socket that sends a fixed prefix of a request and then nothing.
private struct StalledConnection {
    enum Outcome: Equatable { case closed, stillOpen, failed(Int32) }

    let socket: Int32

    init(port: UInt16, sending prefix: String) throws {
        socket = try RawHTTP.connect(port: port)
        let bytes = Array(prefix.utf8)
        if !bytes.isEmpty {
            guard Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw RawHTTP.Failure("send: \(errno)") }
        }
    }

    /// Reads until the server closes the connection (end of file or a reset),
    /// or `seconds` pass with the connection still open.
    func waitForClose(giveUpAfter seconds: Int) -> Outcome {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 { continue }  // an answer (e.g. 500 or 408) before the close is fine
            if count == 0 { return .closed }
            switch errno {
            case ECONNRESET: return .closed
            case EAGAIN, EWOULDBLOCK: return .stillOpen
            case let other: return .failed(other)
            }
        }
    }

    func close() { _ = Glibc.close(socket) }
}
