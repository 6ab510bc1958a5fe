import Foundation
import RunResults

/// The script `diffbench history bisect` writes for `git bisect run`: it
/// builds the checked-out commit, counts one series' instructions with that
/// commit's own `diffbench run --instructions` (one case, so a step takes a
/// build and a few seconds of callgrind), and exits as `git bisect run`
/// reads it: 0 good, 1 bad (the count is over ``limit``), 125 when the
/// commit cannot be built or measured (skipped), 255 when a tool is missing
/// (the bisection stops rather than mark every commit).
///
/// Every text that reaches the script (engine, workload, kind, paths, the
/// build command) is a shell word assigned once at the top through
/// ``ShellWord`` and used only as a quoted `"$variable"`; the build command
/// runs through `bash -c` as the one piece of shell the user wrote. The row
/// is picked from the results file with `jq --arg`, never by splicing text
/// into a filter. Rendering is O(length of the script).
struct BisectScript: Hashable {
    /// The series: one engine on one generated dataset and element kind.
    var engine: String
    var workload: WorkloadName
    var elements: ElementKind
    var size: Int
    var seed: Int
    /// Bad when the count is above this; nil for a script that only counts
    /// (``Mode/count``, used to measure the good reference).
    var limit: Int?
    /// What the header says about the limit (how it was set).
    var limitNote: String
    /// Shell text that builds the checked-out commit (run by `bash -c`).
    var buildCommand: String
    /// The built executable, relative to the repository's top folder.
    var executable: String

    /// The build the script runs by default: the release product alone.
    static let defaultBuildCommand = "swift build -c release --product diffbench"
    static let defaultExecutable = ".build/release/diffbench"
    /// The malloc settings `scripts/bench-ci.sh` counts under (fixed mmap
    /// and trim thresholds), so the counts compare with the CI gate's.
    static let mallocTunables = "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296"

    /// `diffbench run` arguments (after the executable) that count the one
    /// case into `"$scratch"/bisect/results.json`, as shell words.
    var runWords: [String] {
        [
            "run", "--engines", "\"$engine\"", "--workloads", "\"$workload\"", "--elements", "\"$elements\"",
            "--sizes", "\"$size\"", "--seed", "\"$seed\"", "--instructions", "--no-memory", "--no-floor",
            "--repetitions", "1", "--min-time", "0", "--datasets-dir", "''", "--memo", "''",
            "--output", "\"$scratch\"", "--name", "bisect", "--quiet",
        ]
    }

    /// The script's text.
    var text: String {
        let settings: [(String, String)] = [
            ("engine", engine), ("workload", workload.rawValue), ("elements", elements.rawValue), ("size", String(size)), ("seed", String(seed)),
            ("limit", limit.map(String.init) ?? ""), ("build_command", buildCommand), ("diffbench", executable),
        ]
        return """
            #!/usr/bin/env bash
            # Written by `diffbench history bisect` for `git bisect run` (README: "Finding the commit of a step").
            # One series' instructions per commit: 0 good, 1 bad, 125 skip (cannot build or
            # measure), 255 stop (a tool is missing). With --count it prints the count instead.
            # \(limitNote.components(separatedBy: .newlines).joined(separator: " "))
            set -u
            \(settings.map { "\($0.0)=\(ShellWord.quoted($0.1))" }.joined(separator: "\n"))
            export GLIBC_TUNABLES=${GLIBC_TUNABLES:-\(Self.mallocTunables)}

            for tool in git jq valgrind; do
                if ! command -v "$tool" >/dev/null 2>&1; then
                    echo "bisect: $tool is missing (scripts/setup.sh installs it); stopping" >&2
                    exit 255
                fi
            done
            cd "$(git rev-parse --show-toplevel)" || exit 255
            commit=$(git rev-parse --short HEAD)
            scratch=$(mktemp -d) || exit 255
            trap 'rm -rf "$scratch"' EXIT

            if ! bash -c "$build_command" >"$scratch/build.log" 2>&1 || [ ! -x "$diffbench" ]; then
                tail -n 15 "$scratch/build.log" >&2
                echo "bisect: $commit does not build ($build_command); skipped" >&2
                exit 125
            fi
            if ! "$diffbench" \(runWords.joined(separator: " ")) >"$scratch/run.log" 2>&1; then
                tail -n 15 "$scratch/run.log" >&2
                echo "bisect: $commit could not count $engine on $workload@$size ($elements); skipped" >&2
                exit 125
            fi
            count=$(jq -r --arg e "$engine" --arg w "$workload" --arg k "$elements" --arg n "$size" \\
                '[.rows[] | select(.engine == $e and .workload == $w and .elements == $k and (.size | tostring) == $n) | .instructions] | first // empty' \\
                "$scratch/bisect/results.json")
            case "$count" in
                '' | *[!0-9]*)
                    echo "bisect: $commit: no instruction count for $engine on $workload@$size ($elements); skipped" >&2
                    exit 125 ;;
            esac
            if [ "${1:-}" = --count ]; then
                echo "$count"
                exit 0
            fi
            if [ -z "$limit" ]; then
                echo "bisect: this script only counts (run it with --count)" >&2
                exit 255
            fi
            if [ "$count" -gt "$limit" ]; then
                echo "bisect: $commit: $count instructions > $limit: bad" >&2
                exit 1
            fi
            echo "bisect: $commit: $count instructions <= $limit: good" >&2
            exit 0

            """
    }
}
