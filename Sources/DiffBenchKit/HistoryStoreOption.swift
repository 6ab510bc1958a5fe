import ArgumentParser
import FileSupport
import HistoryStore

/// `--history PATH`: the store a command reads or writes.
struct HistoryStoreOption: ParsableArguments {
    @Option(name: .customLong("history"), help: ArgumentHelp("The history store (an SQLite file).", valueName: "path"))
    var path: String = HistoryStore.defaultPath

    /// Opens the store; `create` for the commands that add.
    func open(create: Bool) throws(FileError) -> HistoryStore { try HistoryStore.open(path, create: create) }
}
