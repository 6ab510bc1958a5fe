import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The parent's reading of a child's standard output (whole lines) and
/// standard error (its last bytes), both through `poll`.
struct PipeReader {
    var descriptors: [Int32]
    var keep: Int
    var open: [Bool]
    private var pending = Data()
    private var errorBytes = Data()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptors: [Int32], keep: Int) {
        self.descriptors = descriptors
        self.keep = keep
        open = descriptors.map { _ in true }
    }

    var anyOpen: Bool { open.contains(true) }
    var errorTail: String { String(decoding: errorBytes, as: UTF8.self) }

    /// Waits up to `waitMilliseconds` for output and reads what is there;
    /// false when polling failed.
    mutating func readAvailable(waitMilliseconds: Int32, line: (Substring) -> Void) -> Bool {
        var polled = descriptors.indices.map { pollfd(fd: open[$0] ? descriptors[$0] : -1, events: Int16(POLLIN), revents: 0) }
        if poll(&polled, nfds_t(polled.count), waitMilliseconds) < 0 && errno != EINTR { return false }
        for index in polled.indices where open[index] && polled[index].revents != 0 {
            let count = read(descriptors[index], &buffer, buffer.count)
            if count <= 0 {
                if count == 0 || (errno != EINTR && errno != EAGAIN) { open[index] = false }
                continue
            }
            if index == 0 {
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    line(Substring(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            } else {
                errorBytes.append(contentsOf: buffer[0..<count])
                if errorBytes.count > keep { errorBytes.removeFirst(errorBytes.count - keep) }
            }
        }
        return true
    }
}
