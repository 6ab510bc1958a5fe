import Rendering

extension DashboardPage {
    /// The teach form: two lists, characters or lines, the engine; filled
    /// with `request` (the last submission) and its refusal when there was one.
    package static func teach(engines: [String], request: TeachRequest?, failure: String?) -> String {
        let old = request?.old ?? "ABCABBA", new = request?.new ?? "CBABAC"
        let lines = request?.lines ?? false
        let chosen = request?.engine ?? "myers"
        let options = engines.map { "<option value=\"\(HTMLText.escape($0))\"\($0 == chosen ? " selected" : "")>\(HTMLText.escape($0))</option>" }
        var body = """
            <p>Type two lists and step through how the algorithms diff them: the same page <code>diffbench teach</code> writes \
            (stepper.html). At most 60 elements a side.</p>
            <form method="post" action="/teach" id="teach">
            <p><label>Old<br><textarea name="old" id="old" rows="4">\(HTMLText.escape(old))</textarea></label></p>
            <p><label>New<br><textarea name="new" id="new" rows="4">\(HTMLText.escape(new))</textarea></label></p>
            <p><label><input type="radio" name="mode" value="chars" id="chars-mode"\(lines ? "" : " checked")> characters</label>
            <label><input type="radio" name="mode" value="lines" id="lines"\(lines ? " checked" : "")> lines</label>
            &nbsp; engine <select name="engine" id="engine">\(options.joined())</select>
            &nbsp; <label><input type="checkbox" name="quiz" id="quiz"\(request?.quiz == true ? " checked" : "")> as a quiz</label>
            <button type="submit" id="submit">Step through</button></p>
            </form>
            """
        if let failure { body += "\n<p class=\"error\" id=\"refusal\">\(HTMLText.escape(failure))</p>" }
        return html(title: "Teach", body: body)
    }
}
