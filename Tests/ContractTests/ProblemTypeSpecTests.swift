import InsetJSON
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// `openapi.yaml` names exactly the problem types the service declares (`ProblemType.all`): the `type` a
/// problem may have, and the slugs `GET /problems/{slug}` serves a page for.
@Suite("openapi.yaml lists the problem types the service declares")
struct ProblemTypeSpecTests {
    /// The strings of `components/schemas/<schema>`'s enum (under `properties/<property>` when given).
    static func enumeration(_ spec: JSONObject, _ schema: String, property: String? = nil) -> [String] {
        guard case .object(let components)? = spec["components"], case .object(let schemas)? = components["schemas"],
            case .object(var object)? = schemas[schema]
        else { return [] }
        if let property {
            guard case .object(let properties)? = object["properties"], case .object(let inner)? = properties[property]
            else { return [] }
            object = inner
        }
        guard case .array(let values)? = object["enum"] else { return [] }
        return values.compactMap { if case .string(let value) = $0 { value } else { nil } }
    }

    @Test func theSpecNamesEveryDeclaredTypeAndNoOther() throws {
        let spec = try openAPISpec()
        let declared = ProblemType.all
        #expect(Set(declared.map(\.slug)).count == declared.count, "a slug declared twice")
        let types = Self.enumeration(spec, "Problem", property: "type")
        #expect(types.sorted() == declared.map(\.type).sorted())
        let slugs = Self.enumeration(spec, "ProblemSlug")
        #expect(slugs == declared.map(\.slug), "ProblemSlug lists the slugs in ProblemType.all's order")
    }
}
