import Foundation

/// Headless Chromium for the tests that load a page in a real browser (the
/// report page, the teaching stepper); those tests are skipped when it is
/// not installed (scripts/setup.sh installs Debian's `chromium`).
public enum HeadlessChromium {
    /// The browser on PATH, or nil.
    public static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }()

    /// Runs the browser headless on `url` at 1280 × 800 (a laptop's first
    /// screen), letting the page's scripts run for `budget` ms of virtual
    /// time, and returns what it wrote on stdout (`--dump-dom`'s DOM).
    public static func run(_ arguments: [String], url: String, budget: Int = 5_000) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--hide-scrollbars",
            "--window-size=1280,800", "--virtual-time-budget=\(budget)",
        ] + arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The DOMs of one page at several fragments (`url#fragment`, each
    /// loaded afresh, as a page is opened at that address), in one start of
    /// the browser instead of one per fragment: a start costs one to two
    /// seconds of CPU, the page's loads a few milliseconds each. A harness
    /// page next to nothing else (a scratch folder) holds one 1280 × 800
    /// frame per fragment and, half a second of virtual time after a
    /// frame's load, copies its `documentElement.outerHTML` out
    /// percent-encoded; the browser may read the file pages of the frames
    /// (`--allow-file-access-from-files`). The DOM is `--dump-dom`'s but for
    /// the doctype line. Throws when a frame's DOM did not come back.
    /// O(fragments) page loads.
    public static func dumps(url: String, fragments: [String], budget: Int = 5_000) throws -> [String] {
        let folder = NSTemporaryDirectory() + "diffbench-dumps-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let addresses = try JSONSerialization.data(withJSONObject: fragments.map { url + "#" + $0 })
        let harness = """
            <!doctype html><html><body><script>
            \(String(decoding: addresses, as: UTF8.self)).forEach((address, n) => {
              const frame = document.createElement("iframe");
              frame.width = 1280; frame.height = 800;
              frame.onload = () => setTimeout(() => {
                const out = document.createElement("div");
                out.id = "dom" + n;
                out.setAttribute("data-dom", encodeURIComponent(frame.contentDocument.documentElement.outerHTML));
                document.body.appendChild(out);
              }, 500);
              frame.src = address;
              document.body.appendChild(frame);
            });
            </script></body></html>
            """
        try harness.write(toFile: folder + "/harness.html", atomically: true, encoding: .utf8)
        let dumped = try run(["--allow-file-access-from-files", "--dump-dom"], url: "file://" + folder + "/harness.html", budget: budget)
        return try fragments.indices.map { n in
            guard let start = dumped.range(of: "id=\"dom\(n)\" data-dom=\""),
                let end = dumped.range(of: "\"", range: start.upperBound..<dumped.endIndex),
                let dom = dumped[start.upperBound..<end.lowerBound].removingPercentEncoding
            else { throw DumpMissing(address: url + "#" + fragments[n]) }
            return dom
        }
    }

    /// A frame of ``dumps(url:fragments:budget:)`` whose DOM did not come back.
    public struct DumpMissing: Error, CustomStringConvertible {
        public var address: String
        public var description: String { "no DOM came back from \(address)" }
    }

    /// The value of `name="…"` on the dumped <body>.
    public static func bodyAttribute(_ name: String, in dom: String) -> String? {
        guard let body = dom.range(of: "<body"), let end = dom.range(of: ">", range: body.upperBound..<dom.endIndex),
            let start = dom.range(of: " \(name)=\"", range: body.upperBound..<end.lowerBound),
            let close = dom.range(of: "\"", range: start.upperBound..<end.lowerBound)
        else { return nil }
        return String(dom[start.upperBound..<close.lowerBound])
    }
}
