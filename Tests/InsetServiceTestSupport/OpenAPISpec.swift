import Foundation
import InsetJSON

/// Why `openapi.yaml` could not be read.
package struct OpenAPISpecError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String
}

/// `openapi.yaml` read as JSON through PyYAML (`scripts/test` installs it), since the toolchain has no YAML
/// reader: a test that needs it needs `python3` with PyYAML.
package func openAPISpec() throws -> JSONObject {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", "-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
        Repository.url("openapi.yaml").path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw OpenAPISpecError(
            description: "python3 with PyYAML must read openapi.yaml (exit \(process.terminationStatus))")
    }
    guard case .object(let spec) = try JSONParser.parse(Array(data)) else {
        throw OpenAPISpecError(description: "openapi.yaml is not an object")
    }
    return spec
}

/// An operation `openapi.yaml` lists: its method in upper case, its path template and its object.
package struct SpecOperation: Sendable {
    /// `GET`, `POST`, …
    package var method: String
    /// The path template, `/sessions/{id}`.
    package var path: String
    /// What the spec says of it.
    package var object: JSONObject

    /// Whether a configured token guards it: its `security` (or the spec's) names `bearerAuth`. An operation open
    /// to all says `security: []`; a guarded one `[{}, {bearerAuth: []}]`, since without a token all are open.
    package var needsToken: Bool { Self.namesBearerAuth(object["security"]) }

    static func namesBearerAuth(_ security: JSONValue?) -> Bool {
        guard case .array(let requirements)? = security else { return false }
        return requirements.contains {
            if case .object(let schemes) = $0 { schemes["bearerAuth"] != nil } else { false }
        }
    }
}

/// Every operation of `spec` (`openapi.yaml` read by `openAPISpec()`), in the spec's order.
package func specOperations(_ spec: JSONObject) -> [SpecOperation] {
    guard case .object(let paths)? = spec["paths"] else { return [] }
    var operations: [SpecOperation] = []
    for (path, item) in paths.members {
        guard case .object(let methods) = item else { continue }
        for (method, operation) in methods.members
        where ["get", "post", "patch", "delete", "put", "head", "options"].contains(method) {
            guard case .object(var object) = operation else { continue }
            if object["security"] == nil, let security = spec["security"] {
                object.members.append((key: "security", value: security))
            }
            operations.append(SpecOperation(method: method.uppercased(), path: path, object: object))
        }
    }
    return operations
}
