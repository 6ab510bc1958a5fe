import DiffEngines

/// The `diff --format json` document (contract).
public enum ChangesetJSON {
    public static func render(_ changeset: Changeset, engine: String) -> String {
        let deletes = changeset.deletes.map(String.init).joined(separator: ", ")
        let inserts = changeset.inserts.map(String.init).joined(separator: ", ")
        let moves = changeset.moves.map { "{\"from\": \($0.from), \"to\": \($0.to)}" }.joined(separator: ", ")
        let updates = changeset.updates.map { "{\"old\": \($0.old), \"new\": \($0.new)}" }.joined(separator: ", ")
        return """
            {"engine": \(JSONValue.quoted(engine)), "deletes": [\(deletes)], "inserts": [\(inserts)], \
            "moves": [\(moves)], "updates": [\(updates)]}
            """
    }
}
