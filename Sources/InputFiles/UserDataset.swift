
extension Dataset {
    /// A user's pair of lists as a dataset the runner times (`run --old A
    /// --new B`): named after the files (`A → B`, the files' names without
    /// their folders), size = the old list's length, seed 0, no generator.
    ///
    /// Ids stay what the files wrote: string ids (and plain string values,
    /// and lines) are kept as texts in ``symbols`` — the `uuid` element kind
    /// hashes exactly those — and integer ids keep their value. A content is
    /// coded by its canonical text, so two contents get one code exactly
    /// when they are the same JSON value. `unit` (`lines`) is recorded as a
    /// parameter for text. O(N + M).
    ///
    /// Refused: ids that mix JSON numbers and strings (`1` and `"1"` would
    /// be one id once written to a dataset file).
    public init(userPair lists: UserLists, oldSource: String, newSource: String, unit: String? = nil) throws(InputError) {
        let name = Self.fileName(oldSource) + " → " + Self.fileName(newSource)
        var parameters: [String: String] = [:]
        if let unit { parameters["unit"] = unit }
        let kind: ListKind
        let coded: (old: [FeedItem], new: [FeedItem], symbols: [String]?)
        switch lists {
        case let .lines(old, new):
            kind = .values
            coded = Self.interned(old, new) { ids, line in ids.code(forLine: line) }
        case let .values(old, new):
            kind = .values
            if unit == nil, let oldIDs = Self.integers(old), let newIDs = Self.integers(new) {
                coded = (oldIDs.map { FeedItem(id: $0, content: 0) }, newIDs.map { FeedItem(id: $0, content: 0) }, nil)
            } else {
                coded = Self.interned(old, new) { ids, text in ids.code(for: text) }
            }
        case let .items(old, new):
            let numbers = (old + new).filter(\.id.isNumber).count
            if numbers > 0, numbers < old.count + new.count {
                let (source, list) = old.contains(where: { $0.id.isNumber }) && old.contains(where: { !$0.id.isNumber })
                    ? (oldSource, old) : (newSource, new)
                let index = list.firstIndex { $0.id.isNumber != list[0].id.isNumber } ?? 0
                throw InputError(
                    source: source,
                    problem: "ids mix numbers and strings (element \(index)); a benchmark dataset keeps one kind of id — "
                        + "write them all as strings")
            }
            kind = .identified
            var contents = Interner()
            let integerIDs = numbers > 0 ? Self.integers(old.map(\.id.text)).flatMap { a in Self.integers(new.map(\.id.text)).map { (a, $0) } } : nil
            if let (oldIDs, newIDs) = integerIDs {
                coded = (
                    zip(oldIDs, old).map { FeedItem(id: $0, content: contents.code(for: $1.content)) },
                    zip(newIDs, new).map { FeedItem(id: $0, content: contents.code(for: $1.content)) }, nil
                )
            } else {
                coded = Self.interned(old, new, content: { contents.code(for: $0.content) }) { ids, item in ids.code(for: item.id.text) }
            }
        }
        self.init(
            workload: name, size: coded.old.count, seed: 0, parameters: parameters, kind: kind, old: coded.old, new: coded.new,
            symbols: coded.symbols)
        generator = nil
    }

    /// Both lists with their ids coded in order of first appearance, the old
    /// list first, and the texts behind the codes as the dataset's symbols
    /// (nil for two empty lists, which have none). One interner serves both
    /// lists because an id must get the same code in each. O(N + M).
    private static func interned<Element>(
        _ old: [Element], _ new: [Element], content: (Element) -> Int = { _ in 0 },
        id: (inout Interner, Element) -> Int
    ) -> (old: [FeedItem], new: [FeedItem], symbols: [String]?) {
        var ids = Interner()
        let oldItems = old.map { FeedItem(id: id(&ids, $0), content: content($0)) }
        let newItems = new.map { FeedItem(id: id(&ids, $0), content: content($0)) }
        return (oldItems, newItems, ids.texts.isEmpty ? nil : ids.texts)
    }

    /// Every text as an integer written the plain way (`7`, not `07` or
    /// `+7`, which would become the same id), or nil when one is not.
    private static func integers(_ texts: [String]) -> [Int]? {
        var values: [Int] = []
        values.reserveCapacity(texts.count)
        for text in texts {
            guard let value = Int(text), String(value) == text else { return nil }
            values.append(value)
        }
        return values
    }

    /// A path's last part (the file's name without its folders).
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
