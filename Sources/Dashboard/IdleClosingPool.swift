import FlyingSocks
import Foundation

/// The server's socket pool: FlyingFox's own (epoll on Linux), with every
/// wait of a connection's socket cut off after `idle` seconds.
///
/// FlyingFox bounds the handler with its timeout, but not the reading of a
/// request's head and body, nor the writing of an answer: a client that opens
/// a connection and sends a byte now and then, or nothing at all, would hold
/// it (and its task) for ever. Every socket wait passes through the pool, so
/// a wait that sees no readiness for `idle` seconds throws here, and the
/// connection's loop closes the socket. The listening socket is the one
/// socket whose waits are never cut (it waits for the next client, which may
/// be hours away); it is told apart by `SO_ACCEPTCONN`, asked of the kernel
/// on each of its waits (one `getsockopt`, no state kept, so a reused file
/// number is never mistaken).
///
/// A connection waits at most `idle` seconds between two pieces of progress,
/// not `idle` seconds in all: a client that trickles a byte every few seconds
/// is bounded by the body cap (64 KB) and the request head's own limit, not
/// by this pool.
struct IdleClosingPool<Inner: AsyncSocketPool>: AsyncSocketPool {
    let inner: Inner
    /// Seconds a connection's socket may wait for readiness.
    let idle: TimeInterval

    func prepare() async throws { try await inner.prepare() }

    func run() async throws { try await inner.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        if IdleClosingPool.isListening(socket.file.rawValue) {
            return try await inner.suspendSocket(socket, untilReadyFor: events)
        }
        let inner = self.inner, idle = self.idle
        let ready = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await inner.suspendSocket(socket, untilReadyFor: events)
                return true
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(idle * 1_000_000_000))
                return false
            }
            // The first to finish decides; the other is cancelled (the pool
            // drops a cancelled wait's continuation, the sleep ends at once).
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !ready {
            throw SocketError.timeout(message: "no data moved on the connection for \(idle) s")
        }
    }

    /// Whether `file` is a listening socket (`SO_ACCEPTCONN`).
    static func isListening(_ file: Int32) -> Bool {
        var accepting: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(file, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0 && accepting != 0
    }
}
