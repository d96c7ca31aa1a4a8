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
