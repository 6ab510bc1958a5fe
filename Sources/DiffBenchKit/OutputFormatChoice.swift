import ArgumentParser

/// A command's set of `--format` words: a string enum with a `text` case.
protocol OutputFormatChoice: ExpressibleByArgument, CaseIterable, RawRepresentable, Sendable where RawValue == String {
    static var text: Self { get }
}
