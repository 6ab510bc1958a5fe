import FlyingFox
import FlyingSocks
import Foundation
import ServeOptions

/// `diffbench serve`: the HTTP server over FlyingFox (no SwiftNIO), its
/// routes, and a clean stop on SIGINT or SIGTERM (teach children killed, the
/// temporary root removed).
package final class DashboardServer: Sendable {
    private let configuration: DashboardConfiguration
    private let http: HTTPServer
    private let routes: DashboardRoutes
    private let workers: TeachWorkers

    package init(_ configuration: DashboardConfiguration) throws(DashboardError) {
        self.configuration = configuration
        let reports = try ReportsFolder(configuration.reports)
        let address: any SocketAddress
        do {
            address = configuration.host.contains(":")
                ? try sockaddr_in6.inet6(ip6: configuration.host, port: configuration.port)
                : try sockaddr_in.inet(ip4: configuration.host == "localhost" ? "127.0.0.1" : configuration.host, port: configuration.port)
        } catch {
            throw DashboardError("--host \(configuration.host): not an IPv4 or IPv6 address of this machine (e.g. 127.0.0.1, ::1, 0.0.0.0)")
        }
        workers = try TeachWorkers(executable: configuration.executable, parallel: configuration.teachParallel)
        let routes = DashboardRoutes(reports: reports, workers: workers, engines: configuration.engines, reportsName: configuration.reports)
        self.routes = routes
        http = HTTPServer(
            address: address, timeout: configuration.requestTimeout,
            pool: IdleClosingPool(inner: HTTPServer.defaultPool(), idle: configuration.requestTimeout), logger: .disabled,
            handler: ClosureHTTPHandler { request in await routes.respond(to: request) })
    }

    /// Serves until SIGINT or SIGTERM; `announce` gets the address once the
    /// socket listens. Blocks the calling thread (the command's).
    package func serveUntilSignalled(announce: @escaping @Sendable (String) -> Void) throws(DashboardError) {
        signal(SIGPIPE, SIG_IGN)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                outcome.markStopping()
                Task { await self.stop() }
            }
            source.resume()
            sources.append(source)
        }
        let http = self.http, workers = self.workers, port = configuration.port, host = configuration.host
        Task {
            let running = Task { try await http.run() }
            do {
                try await http.waitUntilListening(timeout: 5)
                announce(DashboardServer.url(await http.listeningAddress, host: host, port: port))
                try await running.value
            } catch where !outcome.isStopping {
                // The server's own failure (a port in use) says more than the wait's timeout.
                var failure: any Error = error
                running.cancel()
                do { try await running.value } catch { failure = error }
                outcome.set("cannot listen on \(host):\(port): \(DashboardServer.describe(failure))")
                await workers.stop()
            } catch {
                // A signal stopped the server: the closed socket ends `run` with an error; that is the clean stop.
            }
            finished.signal()
        }
        finished.wait()
        sources.forEach { $0.cancel() }
        if let message = outcome.message { throw DashboardError(message) }
    }

    /// Kills teach children, removes the temporary root, closes the socket.
    package func stop() async {
        await workers.stop()
        await http.stop(timeout: 1)
    }

    /// `http://HOST:PORT/` for the socket's address.
    static func url(_ address: Socket.Address?, host: String, port: UInt16) -> String {
        switch address {
        case let .ip4(ip, port)?: return "http://\(ip):\(port)/"
        case let .ip6(ip, port)?: return "http://[\(ip)]:\(port)/"
        default: return host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/"
        }
    }

    /// A socket error in words (FlyingSocks gives errno's text).
    static func describe(_ error: any Error) -> String {
        if let socket = error as? SocketError, case let .failed(_, errno, message) = socket {
            return "\(message) (errno \(errno))"
        }
        return String(describing: error)
    }

    /// The first failure, set from the server task, read after it ends.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: String?
        private var stopping = false
        var message: String? { lock.withLock { stored } }
        var isStopping: Bool { lock.withLock { stopping } }
        func markStopping() { lock.withLock { stopping = true } }
        func set(_ message: String) { lock.withLock { if stored == nil { stored = message } } }
    }
}
