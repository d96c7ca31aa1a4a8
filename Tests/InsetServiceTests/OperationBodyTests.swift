import HTTPServer
import InsetCore
import InsetServiceTestSupport
import InsetSession
import InsetStores
import Testing

@testable import InsetSchema
@testable import InsetService

/// Each operation's body type (`OperationBodies.swift`): a member the schema requires is a throwing accessor, never
/// a default. Decoding refuses a body without it, so the accessors are tested on bodies built directly, bypassing
/// the decoder: each throws the problem decoding would have answered, 400 validation-failed at the member.
@Suite("Operation bodies")
struct OperationBodyTests {
    /// The problem a missing member at `pointer` is answered with.
    static func missing(_ pointer: String) -> Problem {
        .validation([FieldError(pointer: pointer, message: "is required")])
    }

    /// The problem decoding `json` as a body of `kind` answers.
    static func decodingProblem(_ json: String, kind: RequestBody.Kind) -> Problem? {
        do {
            _ = try RequestBody.decode(Array(json.utf8), kind: kind)
            return nil
        } catch {
            return Problem(error)
        }
    }

    @Test func aGestureWithoutItsSessionThrows() {
        var body = GestureBody()
        body.decoded.touch = Point(x: 10, y: 600)
        #expect(throws: Self.missing("/sessionId")) { try body.sessionId }
        let problem = Self.missing("/sessionId")
        #expect(problem.status == 400)
        #expect(problem.slug == "validation-failed")
        #expect(problem.detail == "/sessionId: is required")
    }

    @Test func aDragWithoutItsTouchThrows() {
        var body = GestureBody()
        body.decoded.sessionId = "s"
        #expect(throws: Self.missing("/touch")) { try body.touch }
        #expect(throws: Self.missing("/touch")) { try body.gesture(.drag) }
    }

    @Test func aReleaseWithoutItsVelocityThrows() {
        var body = GestureBody()
        body.decoded.sessionId = "s"
        #expect(throws: Self.missing("/velocity/y")) { try body.velocityY }
        #expect(throws: Self.missing("/velocity/y")) { try body.gesture(.release) }
    }

    @Test func aFocusMoveWithoutItsFieldThrows() {
        var body = FocusBody()
        body.decoded.event.timestamp = 5
        #expect(throws: Self.missing("/field")) { try body.field }
        #expect(body.timestamp == 5)
    }

    /// The accessors word a missing member as the decoder does: the same problem, pointer and message.
    @Test(arguments: [
        (#"{"touch": {"x": 1, "y": 2}}"#, RequestBody.Kind.drag, "/sessionId"),
        (#"{"sessionId": "s"}"#, .drag, "/touch"),
        (#"{"sessionId": "s", "velocity": {}}"#, .release, "/velocity/y"),
        (#"{"timestamp": 1}"#, .focus, "/field"),
    ])
    func theAccessorsWordAMissingMemberAsTheDecoderDoes(json: String, kind: RequestBody.Kind, pointer: String) {
        #expect(Self.decodingProblem(json, kind: kind) == Self.missing(pointer))
    }

    /// Decoded, every required member is there, read as sent.
    @Test func decodedBodiesGiveTheirMembers() throws {
        let drag = GestureBody(
            try RequestBody.decode(
                Array(#"{"sessionId": "a", "timestamp": 3, "touch": {"x": 1, "y": 2}}"#.utf8), kind: .drag))
        #expect(try drag.sessionId == "a")
        #expect(try drag.touch == Point(x: 1, y: 2))
        #expect(try drag.gesture(.drag) == .drag(Point(x: 1, y: 2)))
        #expect(drag.timestamp == 3)
        let release = GestureBody(
            try RequestBody.decode(Array(#"{"sessionId": "b", "velocity": {"y": -700}}"#.utf8), kind: .release))
        #expect(try release.gesture(.release) == .release(-700))
        let focus = FocusBody(try RequestBody.decode(Array(#"{"field": "next"}"#.utf8), kind: .focus))
        #expect(try focus.field == "next")
        let show = KeyboardEventBody(try RequestBody.decode(Array(#"{"sessionId": "c"}"#.utf8), kind: .show))
        #expect(show.sessionId == "c")
        #expect(KeyboardEventBody().sessionId == nil)
    }

    /// A handler reads its required members before it asks the store: a body without one is answered as its
    /// problem, not as an event of a session with an empty id (404) or at a default touch.
    @Test func handlersAnswerAMissingMemberAsItsProblem() {
        let app = makeApp()
        let request = HTTPRequest(method: "POST", path: "/keyboard/drag")
        var drag = GestureBody()
        drag.decoded.touch = Point(x: 1, y: 2)
        #expect(throws: Self.missing("/sessionId")) {
            try GestureHandler(kind: .drag, sessions: app.sessions).handle(request, parameters: [:], body: drag)
        }
        var release = GestureBody()
        release.decoded.sessionId = "s"
        #expect(throws: Self.missing("/velocity/y")) {
            try GestureHandler(kind: .release, sessions: app.sessions).handle(request, parameters: [:], body: release)
        }
        #expect(throws: Self.missing("/field")) {
            try FocusHandler(sessions: app.sessions).handle(
                HTTPRequest(method: "POST", path: "/sessions/s/focus"), parameters: ["id": "s"], body: FocusBody())
        }
    }

    /// The table gives each handler only body kinds its body type reads, so that what decoding guarantees of a
    /// kind is what the type's accessors require.
    @Test func everyOperationDecodesAKindItsBodyTypeReads() {
        var decoding = 0
        for operation in makeApp().operations {
            guard case .decoding(let kind, let handler) = operation.answer else { continue }
            decoding += 1
            #expect(handler.bodyKinds.contains(kind.kinds), "\(operation.method) \(operation.path)")
        }
        #expect(decoding >= 7)  // show, hide, drag, release, create, patch, focus
    }
}

extension BodyOperationHandler {
    /// The body kinds its body type reads.
    fileprivate var bodyKinds: RequestKinds { Body.kinds }
}
