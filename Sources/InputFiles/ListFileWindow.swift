import Foundation

extension ListElementRules {
    /// The bytes read from a list file at a time by ``readInWindows(path:_:)``.
    static let windowSize = 1 << 20

    /// Reads the list file at `path` a window of bytes at a time, when it
    /// is an array of objects that ``ListObjectReader`` takes, handing each
    /// to `add`; nil when it is anything else — not a regular file, empty,
    /// plain values, an object the reader declines, malformed anywhere. The
    /// caller then drops what `add` received and reads the file whole
    /// (``read(json:source:_:)``), which gives every message with its line
    /// and column: this path never reports an error itself.
    ///
    /// Why: holding the whole file while its list is built costs the
    /// file's size on top of the list; with a window, a 1,000,000-object
    /// list peaks at about twice its file rather than over three times.
    /// O(bytes); memory O(window + largest element).
    mutating func readInWindows(path: String, _ add: (ListElement) -> Void) -> ListKind? {
        guard reading.contentKeys == nil, !reading.id.contains(".") else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var atEnd = false
        /// Up to `size` next bytes of the file (empty at its end, or on a read error, which the whole read reports).
        func nextChunk(_ size: Int = Self.windowSize) -> [UInt8] {
            guard !atEnd else { return [] }
            let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                count = 0
                while true {
                    let got = Glibc.read(descriptor, buffer.baseAddress!, size)
                    if got < 0, errno == EINTR { continue }
                    count = max(got, 0)
                    break
                }
            }
            if chunk.isEmpty { atEnd = true }
            return chunk
        }
        var window = nextChunk()
        InputFile.skipByteOrderMark(&window)
        var parser = JSONParser(window)
        /// Keeps the bytes from `from` on and appends the next chunk, at least as
        /// long as those (so a long element is read in O(its size)); false at the end of the file.
        func refill(from: Int) -> Bool {
            let chunk = nextChunk(max(Self.windowSize, window.count - from))
            guard !chunk.isEmpty else { return false }
            window = Array(window[from...]) + chunk
            parser = JSONParser(window)
            return true
        }
        /// Skips whitespace across windows; false when the file ends first.
        func skipWhitespace() -> Bool {
            while true {
                parser.skipWhitespace()
                if parser.index < window.count { return true }
                guard refill(from: parser.index) else { return false }
            }
        }
        guard skipWhitespace(), window[parser.index] == UInt8(ascii: "[") else { return nil }
        parser.index += 1
        var objects = ListObjectReader(idKey: reading.id)
        var count = 0
        while true {
            guard skipWhitespace() else { return nil }
            let start = parser.index
            // An object is whole once read (it ends at its '}'); a failure may be the window's
            // end, so the window grows until the file ends before the element is given up.
            guard window[start] == UInt8(ascii: "{") else { return nil }
            var read = objects.read(&parser)
            while read == nil {
                guard refill(from: start) else { return nil }
                read = objects.read(&parser)
            }
            // Every element is an object, so the kind rules have nothing to refuse.
            add(.item(UserItem(id: read!.id, content: read!.content)))
            count += 1
            guard skipWhitespace() else { return nil }
            let separator = window[parser.index]
            parser.index += 1
            if separator == UInt8(ascii: ",") { continue }
            guard separator == UInt8(ascii: "]") else { return nil }
            break
        }
        // Only whitespace may follow the array.
        if skipWhitespace() { return nil }
        return count > 0 ? .identified : nil
    }
}
