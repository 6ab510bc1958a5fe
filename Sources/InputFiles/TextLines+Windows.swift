import Foundation

extension TextLines {
    /// The bytes read from a text file at a time by ``readInWindows(path:)``.
    static let windowSize = 1 << 20

    /// Reads the regular file at `path` as lines a window of bytes at a
    /// time, carrying a line cut by a window's end into the next (a window
    /// grows to hold a line longer than itself, so a long line costs
    /// O(its length), not its square); nil when it is not a regular file or
    /// a read fails, and the caller reads it whole, which reports why.
    ///
    /// Why: holding the whole file while its lines are made costs the
    /// file's size on top of them; a 1,000,000-line text of 38 MB then
    /// peaked at about 3.7× its size, and a window keeps it near the lines'
    /// own size (see scripts/reader-bench.sh). The lines, endings and
    /// errors are those of ``split(_:source:)`` (one splitting loop,
    /// ``appendLines(of:from:isLast:source:)``). O(bytes); memory
    /// O(window + longest line) besides the lines.
    static func readInWindows(path: String) throws(InputError) -> TextLines? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var text = TextLines(lines: [], endings: [])
        var window: [UInt8] = []
        var stopped = 0
        var first = true
        while true {
            let size = max(windowSize, window.count - stopped)
            guard let chunk = nextChunk(descriptor, size) else { return nil }
            var next: [UInt8] = []
            next.reserveCapacity(window.count - stopped + chunk.count)
            next.append(contentsOf: window[stopped...])
            next.append(contentsOf: chunk)
            if first {
                InputFile.skipByteOrderMark(&next)
                first = false
            }
            window = next
            stopped = try text.appendLines(of: window, from: 0, isLast: chunk.isEmpty, source: path)
            if chunk.isEmpty { return text }
        }
    }

    /// Up to `size` next bytes of the file (empty at its end), or nil on a read error.
    private static func nextChunk(_ descriptor: Int32, _ size: Int) -> [UInt8]? {
        var failed = false
        let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while true {
                let got = Glibc.read(descriptor, buffer.baseAddress!, size)
                if got < 0, errno == EINTR { continue }
                failed = got < 0
                count = max(got, 0)
                break
            }
        }
        return failed ? nil : chunk
    }
}
