import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process state the command was started with that an engine called in
/// process can change under it: the file-mode mask (`umask`), the
/// environment (`PATH`, `TZ`, `LANG`/`LC_ALL`, the `DIFFBENCH_*` variables)
/// and the C locale. What the command does after an engine ran (the files
/// it writes and their modes, the tools it starts, the numbers it prints)
/// must follow the user's settings, not the engine's: the state is captured
/// once, before any engine runs (``capture()``), and put back after the
/// engines of a stage have run (``restore()``), so nothing later sees an
/// engine's changes. A file the command writes also takes its mode from the
/// captured mask explicitly (``fileMode``).
public enum LaunchState {
    private struct Snapshot: @unchecked Sendable {
        var mask: mode_t
        var environment: [(String, String)]
        var locale: String
    }

    private static let snapshot: Snapshot = {
        let mask = umask(0o022)
        umask(mask)
        let environment = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let locale = setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "C"
        return Snapshot(mask: mask, environment: environment, locale: locale)
    }()

    /// Captures the state now, once per process (later calls keep the first). O(environment).
    public static func capture() { _ = snapshot }

    /// The mode of a regular file the command writes: read and write for
    /// all, less the mask the command was started with.
    public static var fileMode: mode_t { 0o666 & ~snapshot.mask }

    /// Puts the captured mask, environment and locale back, undoing what an
    /// engine called in process changed. O(environment); not while another
    /// thread reads the environment.
    public static func restore() {
        let state = snapshot
        umask(state.mask)
        let now = ProcessInfo.processInfo.environment
        let wanted = Dictionary(state.environment, uniquingKeysWith: { first, _ in first })
        if now != wanted {
            for name in now.keys where wanted[name] == nil { unsetenv(name) }
            for (name, value) in state.environment where now[name] != value { setenv(name, value, 1) }
        }
        if let current = setlocale(LC_ALL, nil), String(cString: current) == state.locale { return }
        setlocale(LC_ALL, state.locale)
    }
}
