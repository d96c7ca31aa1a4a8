/// An operation of `openapi.yaml`: its method, its path (a parameter in braces) and whether it needs the API token
/// (an empty `security` says it needs none). `scripts/generate` writes one for each operation of the spec
/// (`Route+Contract.swift`), named by its `operationId`, so that a path is written in the spec alone.
package struct Route: Sendable {
    /// The HTTP method, in upper case.
    package let method: String
    /// The path, `/sessions/{id}` for one with a parameter.
    package let path: String
    /// Whether the request must carry the API token, when one is configured.
    package let needsToken: Bool

    /// The path with its parameter (a route has at most one) replaced by `value`.
    package func path(_ value: String) -> String {
        guard let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") else {
            return path
        }
        return path[..<open] + value + path[path.index(after: close)...]
    }
}
