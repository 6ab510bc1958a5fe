import Foundation
import RunResults

extension RunEnvironment {
    /// Reads the machine this run is on. Every field falls back to
    /// "unknown" rather than failing: the run matters more than its label.
    public static func current(seed: UInt64, runName: String, start: Date) -> RunEnvironment {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        let formatter = ISO8601DateFormatter()
        var environment = RunEnvironment(
            swiftVersion: swiftVersion(), os: operatingSystem(), cpu: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount, memoryBytes: Int(ProcessInfo.processInfo.physicalMemory),
            buildConfiguration: configuration, gitCommit: buildCommit, seed: seed,
            startTime: formatter.string(from: start), runName: runName)
        environment.loadAverageBefore = loadAverage()
        return environment
    }

    /// The 1-, 5- and 15-minute load averages from `/proc/loadavg`, or nil
    /// where the file is missing or not as Linux writes it.
    public static func loadAverage(_ text: String? = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) -> [Double]? {
        guard let fields = text?.split(separator: " ").prefix(3), fields.count == 3 else { return nil }
        let values = fields.compactMap { Double($0) }
        return values.count == 3 && values.allSatisfy({ $0.isFinite && $0 >= 0 }) ? values : nil
    }

    /// The version of the compiler that built this binary, exactly (a
    /// `#if compiler` ladder: the language offers no string of it). A newer
    /// toolchain than the ladder knows prints as "6.4 or newer".
    public static func swiftVersion() -> String {
        #if compiler(>=6.4)
        return "6.4 or newer"
        #elseif compiler(>=6.3.3)
        return "6.3.3"
        #elseif compiler(>=6.3.2)
        return "6.3.2"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2.4)
        return "6.2.4"
        #elseif compiler(>=6.2.3)
        return "6.2.3"
        #elseif compiler(>=6.2.2)
        return "6.2.2"
        #elseif compiler(>=6.2.1)
        return "6.2.1"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1.3)
        return "6.1.3"
        #elseif compiler(>=6.1.2)
        return "6.1.2"
        #elseif compiler(>=6.1.1)
        return "6.1.1"
        #elseif compiler(>=6.1)
        return "6.1"
        #elseif compiler(>=6.0.3)
        return "6.0.3"
        #elseif compiler(>=6.0.2)
        return "6.0.2"
        #elseif compiler(>=6.0.1)
        return "6.0.1"
        #elseif compiler(>=6.0)
        return "6.0"
        #else
        return "older than 6.0"
        #endif
    }

    static func operatingSystem() -> String {
        if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return ProcessInfo.processInfo.operatingSystemVersionString
    }

    static func cpuModel() -> String {
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return "unknown"
    }

    /// The commit this binary was built from (`git rev-parse --short=12
    /// HEAD` of the package's folder when it was compiled, `-dirty` after it
    /// when tracked files had changes, "unknown" when built without git),
    /// compiled in by the `BuildCommit` plugin: results name the code that
    /// measured them, wherever the binary is run from.
    public static var buildCommit: String { Harness.buildCommit }
}
