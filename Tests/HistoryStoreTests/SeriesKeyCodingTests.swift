import Foundation
@testable import HistoryStore
import Testing

/// A series key as the history commands' `--format json` print it: one flat
/// object, though the key holds its case as a value of its own.
@Suite struct SeriesKeyCodingTests {
    @Test("A series key codes as one flat object, the case's fields beside the measure, and reads back")
    func flatObject() throws {
        let key = SeriesKey(
            StoredCase(machine: "m1", plan: "quick", engine: "heckel", workload: "feed", parameters: "k=2", elements: "int", size: 100),
            measure: .medianNs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(key), as: UTF8.self)
        #expect(
            text
                == #"{"elements":"int","engine":"heckel","machine":"m1","measure":"median_ns","parameters":"k=2","plan":"quick","size":100,"workload":"feed"}"#)
        #expect(try JSONDecoder().decode(SeriesKey.self, from: Data(text.utf8)) == key)
        #expect(key.description == "heckel/feed@100[k=2] int median_ns")
    }
}
