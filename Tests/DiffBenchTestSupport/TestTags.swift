import Testing

/// The tags of the suites that reach outside the test process, which
/// `make test-fast` leaves out (scripts/test-fast.py reads them from the
/// test sources: `swift test` 6.3 filters by name only). Every suite of
/// CLITests runs the built `diffbench`, so that whole target is left out
/// by name; the tags mark such suites elsewhere, and the valgrind ones in
/// CLITests too.
extension Tag {
    /// Starts another program: the `diffbench` executable, gnuplot, git or patch.
    @Tag public static var process: Self
    /// Loads a page in headless Chromium.
    @Tag public static var browser: Self
    /// Counts instructions under valgrind (callgrind).
    @Tag public static var valgrind: Self
}
