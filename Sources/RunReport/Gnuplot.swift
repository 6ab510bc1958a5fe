import FileSupport
import Foundation
import Rendering

/// Finding and running gnuplot. Charts are drawn by the `gnuplot` program,
/// not by a library, so that every chart can be redrawn or restyled from its
/// `.gp` file by anyone, with no diffbench in sight.
package enum Gnuplot {
    /// What to tell a person whose machine has no gnuplot.
    package static let installHint = GnuplotProcess.installHint + ", then: diffbench chart RUN_DIR"

    /// Which gnuplot to use.
    package enum Location: Sendable, Hashable {
        /// The first `gnuplot` on PATH.
        case search
        /// This executable.
        case path(String)
        /// Draw nothing (write the page, `.dat` and `.gp` only).
        case none

        /// The executable, or nil when there is none.
        package func resolve() -> String? {
            switch self {
            case .none: return nil
            case let .path(path): return FileManager.default.isExecutableFile(atPath: path) ? path : nil
            case .search: return GnuplotProcess.executable()
            }
        }
    }

    package typealias Outcome = GnuplotProcess.Outcome

    /// Runs `gnuplot -e "outfile='TEMP'" NAME.gp` in `folder` for each script,
    /// up to one process per core at a time (rendering is CPU-bound and each
    /// process takes a few tens of milliseconds), and renames each finished
    /// image over `NAME.png`, so a reader never sees half a PNG. A failed
    /// script leaves no PNG of that name behind.
    package static func render(names: [String], in folder: String, executable: String) -> [String: Outcome] {
        let outcomes = ConcurrentMap.map(names) { run(name: $0, in: folder, executable: executable) }
        return Dictionary(zip(names, outcomes), uniquingKeysWith: { _, last in last })
    }

    static func run(name: String, in folder: String, executable: String) -> Outcome {
        GnuplotProcess.run(script: name + ".gp", output: name + ".png", in: folder, gnuplot: executable)
    }
}
