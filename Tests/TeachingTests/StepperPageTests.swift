import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

@testable import Teaching
import Rendering


@Suite(.serialized) struct StepperPageTests {
    static let hostileOld = ["</script><b>x", "<!--", "a&amp;b", "\u{2028}", "A"]
    static let hostileNew = ["A", "</SCRIPT >", "'\"", "<b>x"]

    private func page(_ old: [String], _ new: [String], title: String) throws -> String {
        let pair = try TeachingPair(old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new)
        let greedy = MyersTrace(old: pair.codes.old, new: pair.codes.new)
        return StepperPage.html(pair, greedy: greedy, heckel: HeckelTrace(codes: pair.codes), title: title)
    }

    /// Labels come from user files: none may end the data block or add
    /// markup. The page has exactly its two script elements, the labels
    /// come back intact from the JSON, and nothing is fetched from anywhere.
    @Test func embeddedDataCannotBreakOutOfItsScript() throws {
        let html = try page(StepperPageTests.hostileOld, StepperPageTests.hostileNew, title: "<img src=x onerror=alert(1)>")
        #expect(html.lowercased().components(separatedBy: "</script").count - 1 == 2)
        #expect(html.lowercased().components(separatedBy: "<script").count - 1 == 2)
        #expect(!html.contains("<!--"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"stepper-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["old"] as? [String] == StepperPageTests.hostileOld.map { $0 == "\u{2028}" ? " " : $0 })
        #expect(object["new"] as? [String] == StepperPageTests.hostileNew)
        // Offline: no fetched resource of any kind.
        for pattern in ["src=\"http", "href=\"http", "<link", "@import", "fetch(", "XMLHttpRequest", "url("] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
    }

    /// The page states D: for the paper's pair, D = 5 (Myers 1986, fig. 1).
    @Test func thePageStatesD() throws {
        let html = try page("ABCABBA".map(String.init), "CBABAC".map(String.init), title: "ABCABBA → CBABAC")
        #expect(html.contains("\"distance\":5"))
        #expect(html.contains("D = \" + data.distance"))
    }

    private func writeStepper(_ old: [String], _ new: [String], into directory: String) throws -> String {
        _ = try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new,
            title: "\(old.joined()) → \(new.joined())", to: directory, gnuplot: nil)
        return "file://" + directory + "/stepper.html"
    }

    /// In a real browser, offline: the page renders, states D = 5, and a
    /// step changes what is shown (the LCS table fills, Myers shows more
    /// rounds and ends on D, Heckel shows later passes). Screenshots are
    /// kept in Reports/stepper-test/ to look at.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(1)))
    func stepsChangeThePageInChromium() throws {
        let scratch = ScratchDirectory()
        let url = try writeStepper("ABCABBA".map(String.init), "CBABAC".map(String.init), into: scratch.path + "/r")
        func dom(_ fragment: String) throws -> String { try HeadlessChromium.run(["--dump-dom"], url: url + "#" + fragment) }
        /// The explanation the page shows (the script's own source holds the same phrases).
        func explained(_ dom: String) -> String {
            guard let start = dom.range(of: "id=\"explain\" aria-live=\"polite\">"),
                let end = dom.range(of: "</div>", range: start.upperBound..<dom.endIndex)
            else { return "" }
            return String(dom[start.upperBound..<end.lowerBound])
        }
        let lcs0 = try dom("algo=lcs&step=0"), lcs5 = try dom("algo=lcs&step=5")
        #expect(lcs0.contains("data-step=\"0\"") && lcs5.contains("data-step=\"5\""))
        #expect(lcs0 != lcs5)
        #expect(lcs0.contains("D = 5"))
        // Step 5 fills cell (1, 5): old[0] = A against new[4] = A, a match.
        #expect(explained(lcs5).contains("Cell (1, 5)"))
        let myers0 = try dom("algo=myers&step=0"), myersLast = try dom("algo=myers&step=5")
        #expect(myers0 != myersLast)
        #expect(explained(myersLast).contains("A path reached (7, 6) in round 5: D = 5"))
        #expect(explained(myers0).hasPrefix("Round d = 0"))
        #expect(!explained(myers0).contains("A path reached"))
        let heckel3 = try dom("algo=heckel&step=2"), heckel6 = try dom("algo=heckel&step=5")
        #expect(explained(heckel3).hasPrefix("Pass 3") && explained(heckel6).hasPrefix("Pass 6"))

        let shots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reports/stepper-test").path
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        for fragment in ["algo=lcs&step=30", "algo=myers&step=3", "algo=heckel&step=3"] {
            let file = shots + "/" + fragment.replacingOccurrences(of: "&", with: "-").replacingOccurrences(of: "=", with: "") + ".png"
            _ = try HeadlessChromium.run(["--window-size=1200,1000", "--screenshot=" + file], url: url + "#" + fragment)
            #expect(FileManager.default.fileExists(atPath: file), "no screenshot \(file)")
        }
    }

    /// Hostile labels in a real browser: they show as text, no element is
    /// made from them.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(1)))
    func hostileLabelsStayText() throws {
        let scratch = ScratchDirectory()
        let url = try writeStepper(StepperPageTests.hostileOld, StepperPageTests.hostileNew, into: scratch.path + "/h")
        let dom = try HeadlessChromium.run(["--dump-dom"], url: url + "#algo=lcs&step=3")
        #expect(dom.contains("data-step=\"3\""), "the page did not run")
        #expect(dom.contains("&lt;/script&gt;&lt;b&gt;x"))
        #expect(!dom.contains("<b>x"))
    }
}
