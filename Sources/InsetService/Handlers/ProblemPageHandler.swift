import HTTPServer

/// `GET /problems/{slug}`: the page of a problem type (`ProblemPage`), each made once from `ProblemType.all`; a
/// slug no problem has is 404, as any path with nothing at it.
final class ProblemPageHandler: OperationHandler {
    /// Every type's page, by slug.
    let pages: [String: [UInt8]]

    init() {
        pages = Dictionary(uniqueKeysWithValues: ProblemType.all.map { ($0.slug, ProblemPage.html($0)) })
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        guard let slug = parameters["slug"], let page = pages[slug] else { throw .routeNotFound(request.path) }
        return HTTPResponse(
            status: 200, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]), body: page)
    }
}
