import HTTPServer

/// `GET` of an old path: 308 Permanent Redirect with `Location`, and no body.
final class StaticRedirectHandler: OperationHandler {
    let redirect: StaticRedirect

    init(redirect: StaticRedirect) {
        self.redirect = redirect
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        HTTPResponse(status: 308, headers: HTTPHeaders([("Location", redirect.location)]))
    }
}
