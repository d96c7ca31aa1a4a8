import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// The operations `openapi.yaml` lists, as the service answers them in process: exactly those are routed; and with
/// a token configured, every operation whose `security` names `bearerAuth` answers a request without the right token
/// 401, and any other operation answers without one: the one test of the token at the routes
/// (`BearerAuthorizationTests` holds the header's parser to every form).
@Suite("The contract's operations as the service answers them")
struct SpecRouteTests {
    static let token = "s3cret-Token_0123456789"

    /// Authorization values that are not the token: wrong, cut short or made longer, in another case or scheme,
    /// bare, with a control character, huge, or with something after it.
    static let wrongAuthorizations = [
        "Bearer wrong", "Bearer " + token.dropLast(), "Bearer " + token + "x", "Bearer " + token.uppercased(),
        "Bearer", "Bearer ", "Basic " + token, token, "Bearer " + token.dropLast() + "\u{7F}",
        "Bearer " + String(repeating: "A", count: 5000), "Bearer " + token + " x", "Bearer " + token + "\u{0B}",
        "Bearer\t" + token,
    ]

    /// The token as a client may send it: the scheme in any case, whitespace around the value or before the token
    /// (RFC 9110 §5.5, §11.4); a right token sent with whitespace was answered 401.
    static let rightAuthorizations = [
        "Bearer " + token, "bearer " + token, "Bearer " + token + " ", "Bearer " + token + "\t",
        "Bearer " + token + " \t  ", "Bearer  " + token, "  Bearer " + token,
    ]

    /// A path for `template`: an id no session or device has, a problem type's slug, the playground's page.
    static func concrete(_ template: String) -> String {
        template.replacingOccurrences(of: "{id}", with: "AAAAAAAAAAAAAAAAAAAAAA")
            .replacingOccurrences(of: "{slug}", with: "unauthorized")
            .replacingOccurrences(of: "{file}", with: "index.html")
    }

    static func call(
        _ app: InsetApplication, _ operation: SpecOperation, headers: [(String, String)] = []
    ) -> Answer {
        let body = ["POST", "PATCH", "PUT"].contains(operation.method) ? "{}" : nil
        return app.call(operation.method, concrete(operation.path), json: body, headers: headers)
    }

    /// The 401 of a guarded operation: the realm, the problem as JSON with its one detail, a request id, CORS
    /// only for a browser (one that sent `Origin`), and the token nowhere in the body.
    static func expectRefused(_ answer: Answer, _ what: String, fromBrowser: Bool = false) {
        #expect(answer.status == 401, "\(what): \(answer.status)")
        #expect(answer.headers["WWW-Authenticate"] == #"Bearer realm="inset""#, "\(what)")
        #expect(answer.headers["Content-Type"] == "application/problem+json", "\(what)")
        #expect(answer.json["type"] as? String == "/problems/unauthorized", "\(what)")
        #expect(answer.json["status"] as? Int == 401, "\(what)")
        #expect(answer.json["title"] as? String == "Unauthorized", "\(what)")
        #expect(answer.json["detail"] as? String == "Send Authorization: Bearer <token>.", "\(what)")
        #expect(answer.headers["X-Request-Id"]?.isEmpty == false, "\(what)")
        if fromBrowser {
            #expect(answer.headers["Access-Control-Allow-Origin"] == "*", "\(what): a 401 to a browser")
            #expect(answer.headers["Access-Control-Expose-Headers"]?.contains("X-Request-Id") == true, "\(what)")
        } else {
            #expect(answer.headers["Access-Control-Allow-Origin"] == nil, "\(what): CORS is for browsers")
        }
        #expect(!answer.text.contains(token) && !answer.text.contains("s3cret"), "\(what): the token in the body")
    }

    /// Every guarded operation refuses no token, each wrong one and a token in another header with the same 401,
    /// and takes the right one however it is spaced; every open one answers the same with or without a token.
    @Test func aTokenGuardsExactlyTheOperationsWhoseSecurityNamesIt() throws {
        let operations = specOperations(try openAPISpec())
        let app = makeApp(token: Self.token, files: playgroundFiles)
        let guarded = operations.filter(\.needsToken)
        #expect(guarded.count >= 15, "\(guarded.count) operations guarded")
        #expect(operations.count - guarded.count >= 8, "\(operations.count - guarded.count) operations open")
        for operation in operations {
            let what = "\(operation.method) \(operation.path)"
            guard operation.needsToken else {
                let open = Self.call(app, operation)
                #expect(open.status != 401 && open.status < 500, "\(what): \(open.status)")
                let wrong = Self.call(app, operation, headers: [("Authorization", "Bearer wrong")])
                #expect(wrong.status == open.status, "\(what) with a wrong token: \(wrong.status)")
                continue
            }
            Self.expectRefused(Self.call(app, operation), what)
            Self.expectRefused(
                Self.call(app, operation, headers: [("Origin", "https://app.example")]), what, fromBrowser: true)
            for value in Self.wrongAuthorizations {
                Self.expectRefused(Self.call(app, operation, headers: [("Authorization", value)]), "\(what) \(value)")
            }
            Self.expectRefused(Self.call(app, operation, headers: [("X-Api-Token", Self.token)]), "\(what) X-Api-Token")
            for value in Self.rightAuthorizations {
                let answer = Self.call(app, operation, headers: [("Authorization", value)])
                #expect(answer.status != 401 && answer.status < 500, "\(what) \(value.debugDescription)")
            }
        }
    }

    /// `openapi.yaml` is the contract: every operation it lists is routed, and nothing else is.
    @Test func theSpecDescribesExactlyTheRoutesServed() throws {
        let documented = Set(specOperations(try openAPISpec()).map { "\($0.method) \($0.path)" })
        let app = makeApp(files: playgroundFiles)
        var served = Set<String>()
        for pattern in app.router.patterns {
            for method in ["GET", "POST", "PATCH", "DELETE", "PUT"] {
                if case .found = app.router.match(method: method, path: pattern) {
                    served.insert("\(method) \(pattern)")
                }
            }
        }
        #expect(documented == served)
        #expect(served.count >= 20)
    }

    /// A preflight never carries the token (browsers send none), so every path answers OPTIONS without one.
    @Test func aPreflightNeedsNoToken() throws {
        let app = makeApp(token: Self.token, files: playgroundFiles)
        let paths = Set(specOperations(try openAPISpec()).map(\.path))
        for path in paths {
            let preflight = app.call(
                "OPTIONS", Self.concrete(path),
                headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "GET")])
            #expect(preflight.status == 204, "OPTIONS \(path)")
        }
    }
}
