import DiffBenchTestSupport
import Foundation
import Rendering
import Testing

/// The teach form in a real browser: headless Chromium types a pair into
/// the form, submits it, and reads the page that comes back. A driver page
/// served from a run folder (same origin as the form) does the typing in an
/// iframe and copies what it saw onto its own <body>, which --dump-dom prints.
@Suite("Dashboard teach form in Chromium (starts diffbench serve and a browser)", .serialized, .timeLimit(.minutes(10)), .tags(.process, .browser))
struct TeachFormBrowserTests {
    static let driver = """
        <!doctype html><html><body data-result="pending"><iframe id="frame" src="/teach" width="1200" height="700"></iframe>
        <script>
        const frame = document.getElementById('frame');
        let submitted = false;
        frame.addEventListener('load', () => {
          const page = frame.contentDocument;
          if (!submitted) {
            submitted = true;
            page.getElementById('old').value = OLD;
            page.getElementById('new').value = NEW;
            page.getElementById(MODE).checked = true;
            page.getElementById('engine').value = 'heckel';
            page.getElementById('submit').click();
            return;
          }
          const heading = page.querySelector('h1');
          document.body.setAttribute('data-result', heading ? heading.textContent : 'no heading');
          const step = page.getElementById('step');
          document.body.setAttribute('data-stepper', step && page.getElementById('stepper-data') ? 'yes' : 'no');
          const refusal = page.getElementById('refusal');
          document.body.setAttribute('data-refusal', refusal ? refusal.textContent : '');
        });
        </script></body></html>
        """

    /// The page the browser ends on after typing `old` and `new` and submitting.
    static func submit(old: String, new: String, lines: Bool) throws -> (heading: String, stepper: String, refusal: String)? {
        let fixture = try DashboardFixture()
        defer { fixture.remove() }
        func literal(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
        }
        let page = driver.replacingOccurrences(of: "OLD", with: literal(old)).replacingOccurrences(of: "NEW", with: literal(new))
            .replacingOccurrences(of: "MODE", with: lines ? "'lines'" : "'chars-mode'")
        try Data(page.utf8).write(to: fixture.reports.appendingPathComponent("run-new/driver.html"))
        let server = try ServedDashboard(reports: fixture.reports, temporary: fixture.temporary)
        defer { server.stop() }
        let dom = try HeadlessChromium.run(["--dump-dom"], url: "http://127.0.0.1:\(server.port)/runs/run-new/driver.html", budget: 20_000)
        guard let heading = HeadlessChromium.bodyAttribute("data-result", in: dom) else { return nil }
        return (heading, HeadlessChromium.bodyAttribute("data-stepper", in: dom) ?? "", HeadlessChromium.bodyAttribute("data-refusal", in: dom) ?? "")
    }

    @Test(.enabled(if: HeadlessChromium.path != nil, "needs chromium (scripts/setup.sh installs it)"))
    func typingALinesPairAndSubmittingShowsItsStepper() throws {
        let result = try #require(try Self.submit(old: "let a = 1\nlet b = 2\nreturn a", new: "let b = 2\nlet a = 1\nreturn a + b", lines: true))
        #expect(result.stepper == "yes", "the stepper's controls and data are on the page")
        #expect(result.heading.hasPrefix("Step through the diff: "), "\(result.heading)")
        #expect(result.heading.contains("[let a = 1 let b = 2 return a] → "), "the old lines head the page: \(result.heading)")
    }

    @Test(.enabled(if: HeadlessChromium.path != nil, "needs chromium (scripts/setup.sh installs it)"))
    func typingACharactersPairShowsItsOwnStepper() throws {
        let result = try #require(try Self.submit(old: "KITTEN", new: "SITTING", lines: false))
        #expect(result.stepper == "yes")
        #expect(result.heading == "Step through the diff: KITTEN → SITTING")
    }

    @Test(.enabled(if: HeadlessChromium.path != nil, "needs chromium (scripts/setup.sh installs it)"))
    func aPairOverTheLimitIsRefusedInThePage() throws {
        let result = try #require(try Self.submit(old: String(repeating: "a", count: 61), new: "b", lines: false))
        #expect(result.stepper == "no")
        #expect(result.heading == "Teach")
        #expect(result.refusal.contains("61 elements") && result.refusal.contains("at most 60"), "\(result.refusal)")
    }
}
