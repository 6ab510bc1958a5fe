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

    /// The value of `name="…"` on the dumped <body>.
    public static func bodyAttribute(_ name: String, in dom: String) -> String? {
        guard let body = dom.range(of: "<body"), let end = dom.range(of: ">", range: body.upperBound..<dom.endIndex),
            let start = dom.range(of: " \(name)=\"", range: body.upperBound..<end.lowerBound),
            let close = dom.range(of: "\"", range: start.upperBound..<end.lowerBound)
        else { return nil }
        return String(dom[start.upperBound..<close.lowerBound])
    }
}
