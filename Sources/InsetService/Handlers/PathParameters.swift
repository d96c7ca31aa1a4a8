import HTTPServer

extension [String: String] {
    /// The path parameter `name` (a route's `{name}` segment) of `request`, as the router bound it.
    ///
    /// It cannot normally be missing: the router binds every `{name}` segment of the route it matched, and never
    /// to an empty segment (`Router.bind`), so a handler whose route names `{name}` always finds it. A missing one
    /// means the operation table gave the handler a route without that segment: answered as the resource not
    /// found (404 not-found, as a path no route matches is), rather than as a resource with an empty id.
    func required(_ name: String, of request: HTTPRequest) throws(Problem) -> String {
        guard let value = self[name] else { throw .routeNotFound(request.path) }
        return value
    }
}
