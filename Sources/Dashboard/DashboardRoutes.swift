import Compare
import FlyingFox
import RunResults
import Foundation
import ServeOptions
import HistoryStore

/// The dashboard's routes: `/` (runs), `/runs/…` (a run's files as `run`
/// wrote them), `/compare`, `/history` and `/history/…`, `/teach`. Only GET
/// (and HEAD) except the teach form's POST; anything else is 405.
struct DashboardRoutes: Sendable {
    let reports: ReportsFolder
    let workers: TeachWorkers
    let engines: [String]
    /// The reports folder as given on the command line, for the pages' text.
    let reportsName: String

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        let path = request.target.path(percentEncoded: true)
        do {
            let isRead = request.method == .GET || request.method == .HEAD
            switch (path, isRead) {
            case ("/", true):
                let runs = reports.runs()
                return page(DashboardPage.runs(runs, latest: reports.latestRunName(among: runs), reportsFolder: reportsName))
            case ("/compare", true): return page(try compare(try FormFields.decode(request.target.query(percentEncoded: true))))
            case ("/history", true): return page(history())
            case ("/teach", true): return page(DashboardPage.teach(engines: engines, request: nil, failure: nil))
            case ("/teach", false) where request.method == .POST: return await teach(request)
            case _ where path.hasPrefix("/runs/") && isRead:
                return try file(reports.runFile(RequestPath.segments(of: path, after: "/runs/").segments))
            case _ where (path == "/history/" || path.hasPrefix("/history/")) && isRead:
                return try file(reports.historyFile(RequestPath.segments(of: path, after: "/history/").segments))
            case ("/", false), ("/compare", false), ("/history", false), ("/teach", false):
                throw HTTPFailure(405, "\(request.method.rawValue) is not allowed here")
            default:
                throw HTTPFailure.notFound()
            }
        } catch let failure as HTTPFailure {
            return page(DashboardPage.failure(failure), status: failure.status)
        } catch {
            return page(DashboardPage.failure(HTTPFailure(500, String(describing: error))), status: 500)
        }
    }

    /// The compare tab; with both runs chosen, `compare`'s text report of
    /// them, made by the same Comparator and thresholds as the command's defaults.
    func compare(_ query: [String: String]) throws(HTTPFailure) -> String {
        let runs = reports.runs()
        guard let baseline = query["baseline"], let current = query["current"] else {
            return DashboardPage.compare(runs, baseline: nil, current: nil, report: nil, failure: nil)
        }
        let names = Set(runs.map(\.name))
        for name in [baseline, current] where !names.contains(name) {
            throw .badRequest("no run \(name) under the reports folder")
        }
        do {
            let old = try ResultsStore.read(reports.root + "/" + baseline)
            let new = try ResultsStore.read(reports.root + "/" + current)
            let report = try Comparator(thresholds: .defaults).compare(baseline: old, at: baseline, current: new, at: current)
            return DashboardPage.compare(runs, baseline: baseline, current: current, report: report.render(.text), failure: nil)
        } catch let error as ResultsFileError {
            let problem = error.description.replacingOccurrences(of: reports.root + "/", with: "")
            return DashboardPage.compare(runs, baseline: baseline, current: current, report: nil, failure: problem)
        } catch {
            return DashboardPage.compare(runs, baseline: baseline, current: current, report: nil, failure: String(describing: error))
        }
    }

    /// The history tab, with the runs of history.sqlite when there is one.
    func history() -> String {
        guard let path = reports.historyStore else {
            return DashboardPage.history(hasPage: reports.hasHistoryPage, storedRuns: nil, storeProblem: nil)
        }
        do {
            let store = try HistoryStore.open(path, create: false)
            let listed = Set(reports.runs().map(\.name))
            let runs = try store.runs(RunFilter(limit: 200)).map { run in
                (name: run.runName, start: run.startTime, commit: run.commit, rows: run.rows,
                 folder: store.sourcePath(of: run).flatMap { reports.runName(at: $0, among: listed) })
            }
            return DashboardPage.history(hasPage: reports.hasHistoryPage, storedRuns: runs, storeProblem: nil)
        } catch {
            return DashboardPage.history(hasPage: reports.hasHistoryPage, storedRuns: nil, storeProblem: "history.sqlite: \(error)")
        }
    }

    /// The teach form's submission: the stepper page, or the form again with teach's refusal.
    func teach(_ request: HTTPRequest) async -> HTTPResponse {
        let fields: [String: String]
        do {
            let body = try await DashboardRoutes.body(of: request, limit: DashboardConfiguration.bodyLimit)
            fields = try FormFields.decode(String(decoding: body, as: UTF8.self))
        } catch {
            return page(DashboardPage.failure(error), status: error.status, close: true)
        }
        var submitted: TeachRequest?
        do {
            let teach = try TeachRequest(form: fields, engines: engines)
            submitted = teach
            return HTTPResponse(statusCode: .ok, headers: DashboardRoutes.headers(type: "text/html; charset=utf-8"), body: try await workers.teach(teach))
        } catch {
            return page(DashboardPage.teach(engines: engines, request: submitted, failure: error.message), status: error.status)
        }
    }

    /// The request's body, or 413 once it passes `limit` bytes (by its
    /// Content-Length before reading, or while reading a chunked one).
    static func body(of request: HTTPRequest, limit: Int) async throws(HTTPFailure) -> Data {
        let tooLarge = HTTPFailure(413, "the request body is over \(limit / 1024) KB")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        var data = Data()
        do {
            for try await chunk in request.bodySequence {
                data.append(chunk)
                if data.count > limit { throw tooLarge }
            }
        } catch let failure as HTTPFailure {
            throw failure
        } catch {
            throw .badRequest("the request body could not be read: \(error.localizedDescription)")
        }
        return data
    }

    /// A file as it is on disk, typed by its extension.
    func file(_ path: String) throws(HTTPFailure) -> HTTPResponse {
        guard let data = FileManager.default.contents(atPath: path) else { throw .notFound() }
        return HTTPResponse(statusCode: .ok, headers: DashboardRoutes.headers(type: DashboardRoutes.contentType(path)), body: data)
    }

    func page(_ html: String, status: Int = 200, close: Bool = false) -> HTTPResponse {
        var headers = DashboardRoutes.headers(type: "text/html; charset=utf-8")
        if close { headers[.connection] = "close" }
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: DashboardRoutes.phrase(status)), headers: headers, body: Data(html.utf8))
    }

    static func headers(type: String) -> HTTPHeaders {
        [.contentType: type, HTTPHeader("X-Content-Type-Options"): "nosniff", HTTPHeader("Cache-Control"): "no-store"]
    }

    static func phrase(_ status: Int) -> String {
        [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 413: "Content Too Large",
         500: "Internal Server Error", 503: "Service Unavailable"][status] ?? "Error"
    }

    /// The types the report pages use; anything else is served as bytes.
    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "css": return "text/css"
        case "js": return "text/javascript"
        case "json": return "application/json"
        case "csv", "tsv", "txt", "md", "dat", "gp": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
