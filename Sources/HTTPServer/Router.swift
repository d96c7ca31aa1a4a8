/// Matches a method and a path against routes such as `GET /sessions/{id}`.
public struct Router<Handler: Sendable>: Sendable {
    /// What a lookup found.
    public enum Match {
        /// A route matched; `parameters` holds the `{name}` segments.
        case found(Handler, parameters: [String: String], pattern: String)
        /// The path exists but not for this method; `allow` lists the methods it has.
        case methodNotAllowed(allow: [String], pattern: String)
        /// No route has this path.
        case notFound
    }

    private enum Segment: Sendable, Equatable {
        case literal(Substring)
        case parameter(String)
    }

    private struct Route: Sendable {
        var method: String
        var pattern: String
        var segments: [Segment]
        var handler: Handler
    }

    private var routes: [Route] = []

    /// Creates an empty router.
    public init() {}

    /// Adds a route; `pattern` is a path whose `{name}` segments match any one non-empty segment.
    public mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        let segments = Self.split(pattern).map { part -> Segment in
            if part.hasPrefix("{") && part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(part)
        }
        routes.append(Route(method: method, pattern: pattern, segments: segments, handler: handler))
    }

    /// Finds the route for `method` and `path`.
    public func match(method: String, path: String) -> Match {
        let parts = Self.split(path)
        var allow: [String] = []
        var allowPattern = ""
        for route in routes {
            guard let parameters = Self.bind(route.segments, to: parts) else { continue }
            if route.method == method {
                return .found(route.handler, parameters: parameters, pattern: route.pattern)
            }
            if !allow.contains(route.method) { allow.append(route.method) }
            allowPattern = route.pattern
        }
        return allow.isEmpty ? .notFound : .methodNotAllowed(allow: allow, pattern: allowPattern)
    }

    /// The patterns routed, each once, in the order added.
    public var patterns: [String] {
        var seen: [String] = []
        for route in routes where !seen.contains(route.pattern) { seen.append(route.pattern) }
        return seen
    }

    private static func split(_ path: String) -> [Substring] {
        // A trailing slash names a different resource; keep it as an empty segment so it does not match.
        let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        return trimmed.split(separator: "/", omittingEmptySubsequences: false)
    }

    private static func bind(_ segments: [Segment], to parts: [Substring]) -> [String: String]? {
        guard segments.count == parts.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                if literal != part { return nil }
            case .parameter(let name):
                if part.isEmpty { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }
}
