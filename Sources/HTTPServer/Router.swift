/// Matches a method and a path against routes such as `GET /sessions/{id}`.
///
/// The matching lives in the non-generic `RouteTable`; this wrapper is inlinable so that a client module
/// specialises it for its handler type instead of looking up generic metadata on every request.
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

    @usableFromInline var table = RouteTable()
    @usableFromInline var handlers: [Handler] = []

    /// Creates an empty router.
    @inlinable public init() {}

    /// Adds a route; `pattern` is a path whose `{name}` segments match any one non-empty segment.
    @inlinable public mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        table.add(method, pattern)
        handlers.append(handler)
    }

    /// Finds the route for `method` and `path`.
    @inlinable public func match(method: String, path: String) -> Match {
        switch table.match(method: method, path: path) {
        case .found(let index, let parameters, let pattern):
            return .found(handlers[index], parameters: parameters, pattern: pattern)
        case .methodNotAllowed(let allow, let pattern):
            return .methodNotAllowed(allow: allow, pattern: pattern)
        case .notFound:
            return .notFound
        }
    }

    /// The patterns routed, each once, in the order added; the tests check every one.
    package var patterns: [String] { table.patterns }
}

/// The routes of a `Router`, by index: literal paths found by their length, `{name}` patterns segment by segment.
@usableFromInline
struct RouteTable: Sendable {
    @usableFromInline
    enum Match {
        case found(Int, parameters: [String: String], pattern: String)
        case methodNotAllowed(allow: [String], pattern: String)
        case notFound
    }

    private enum Segment: Sendable, Equatable {
        case literal(Substring)
        case parameter(String)
    }

    private struct Route: Sendable {
        var method: String
        var pattern: String
        /// Nil for a literal pattern, which is matched by `literalPosition` instead.
        var segments: [Segment]?
        /// The pattern up to its first `{`: a path without it cannot match, and needs no splitting.
        var literalPrefix = ""
    }

    private var routes: [Route] = []
    /// Route indices by literal path, in the order added, and whether a parameter route matches the path too.
    private var literalList: [(path: String, indices: [Int], shadowed: Bool)] = []
    /// Positions in `literalList` by their path's UTF-8 length: a path is compared only with the few of its length,
    /// which is cheaper than hashing it.
    private var literalsByLength: [[Int]] = []
    /// Indices of the routes with `{name}` segments, in the order added.
    private var parameterRoutes: [Int] = []
    /// Their literal prefixes, each once: a path that starts with none of them skips the segment matching.
    private var parameterPrefixes: [String] = []

    @usableFromInline init() {}

    @usableFromInline mutating func add(_ method: String, _ pattern: String) {
        let parts = Self.split(pattern)
        let index = routes.count
        if parts.contains(where: { $0.hasPrefix("{") && $0.hasSuffix("}") }) {
            let segments = parts.map { part -> Segment in
                part.hasPrefix("{") && part.hasSuffix("}")
                    ? .parameter(String(part.dropFirst().dropLast())) : .literal(part)
            }
            let prefix = String(pattern.prefix { $0 != "{" })
            routes.append(Route(method: method, pattern: pattern, segments: segments, literalPrefix: prefix))
            parameterRoutes.append(index)
            if !parameterPrefixes.contains(prefix) { parameterPrefixes.append(prefix) }
            for position in literalList.indices
            where Self.matches(segments, literalList[position].path) {
                literalList[position].shadowed = true
            }
        } else {
            routes.append(Route(method: method, pattern: pattern, segments: nil))
            let shadowed = parameterRoutes.contains { index in
                routes[index].segments.map { Self.matches($0, pattern) } ?? false
            }
            if let existing = literalList.firstIndex(where: { $0.path == pattern }) {
                literalList[existing].indices.append(index)
            } else {
                let length = pattern.utf8.count
                while literalsByLength.count <= length { literalsByLength.append([]) }
                literalsByLength[length].append(literalList.count)
                literalList.append((pattern, [index], shadowed))
            }
        }
    }

    @usableFromInline func match(method: String, path: String) -> Match {
        let (position, single, shadowed) = literalPosition(for: path)
        // Nearly every request names a literal path: its routes are already in order, and need no array; one that
        // no parameter route also matches needs no look at them either.
        if position != nil && !shadowed
            || !parameterPrefixes.contains(where: { path.utf8.count >= $0.utf8.count && path.hasPrefix($0) })
        {
            guard let position else { return .notFound }
            // One route of the path, with the method asked for: what nearly every request finds. `Dictionary()`,
            // not `[:]`, which is built from an empty list of pairs.
            if let single, routes[single].method == method {
                return .found(single, parameters: [String: String](), pattern: routes[single].pattern)
            }
            return pick(literalList[position].indices.lazy.map { (index: $0, parameters: [:]) }, method: method)
        }
        // The routes whose pattern matches the path, in the order added: the first with the method wins.
        let literal = position.map { literalList[$0].indices } ?? []
        var candidates: [(index: Int, parameters: [String: String])] = literal.map { ($0, [:]) }
        let parts = Self.split(path)
        for index in parameterRoutes {
            guard path.hasPrefix(routes[index].literalPrefix), let segments = routes[index].segments,
                segments.count == parts.count,
                let parameters = Self.bind(segments, to: parts)
            else { continue }
            candidates.append((index, parameters))
        }
        candidates.sort { $0.index < $1.index }
        return pick(candidates, method: method)
    }

    /// Where `path` is in `literalList` (nil when no literal pattern is `path`), its route when it has one alone,
    /// and whether a parameter route matches it too.
    private func literalPosition(for path: String) -> (position: Int?, single: Int?, shadowed: Bool) {
        // Read where they lie: iterating the arrays, or handing out an entry's indices, would copy them, retaining
        // each path and each list of indices.
        let length = path.utf8.count
        guard length < literalsByLength.count else { return (nil, nil, false) }
        return literalsByLength.withUnsafeBufferPointer { buckets in
            buckets[length].withUnsafeBufferPointer { positions in
                literalList.withUnsafeBufferPointer { list in
                    for position in positions where list[position].path == path {
                        let single = list[position].indices.count == 1 ? list[position].indices[0] : nil
                        return (position, single, list[position].shadowed)
                    }
                    return (nil, nil, false)
                }
            }
        }
    }

    /// The first candidate with `method`, or the methods the candidates allow.
    private func pick(
        _ candidates: some Sequence<(index: Int, parameters: [String: String])>, method: String
    ) -> Match {
        var allow: [String] = []
        var allowPattern = ""
        for candidate in candidates {
            // Fields read in place: copying a route would retain all of its strings.
            if routes[candidate.index].method == method {
                return .found(
                    candidate.index, parameters: candidate.parameters, pattern: routes[candidate.index].pattern)
            }
            if !allow.contains(routes[candidate.index].method) { allow.append(routes[candidate.index].method) }
            allowPattern = routes[candidate.index].pattern
        }
        return allow.isEmpty ? .notFound : .methodNotAllowed(allow: allow, pattern: allowPattern)
    }

    @usableFromInline var patterns: [String] {
        var seen: [String] = []
        for route in routes where !seen.contains(route.pattern) { seen.append(route.pattern) }
        return seen
    }

    private static func split(_ path: String) -> [Substring] {
        // A trailing slash names a different resource; keep it as an empty segment so it does not match.
        let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        return trimmed.split(separator: "/", omittingEmptySubsequences: false)
    }

    /// Whether a parameter route of `segments` matches the literal path `path`.
    private static func matches(_ segments: [Segment], _ path: String) -> Bool {
        let parts = split(path)
        return segments.count == parts.count && bind(segments, to: parts) != nil
    }

    /// The parameters of a path of `parts` for a route of as many `segments`, or nil when it does not match.
    private static func bind(_ segments: [Segment], to parts: [Substring]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for index in segments.indices {
            let part = parts[index]
            switch segments[index] {
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
