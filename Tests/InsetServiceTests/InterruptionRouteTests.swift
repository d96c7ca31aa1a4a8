import Foundation
import InsetCore
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetService

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A session on the iPhone 14: shown at 0 ms, then `then` (a hide or a taller show) at 80 ms.
private func interruptedSession(_ app: InsetApplication, mode: String?, then: String = "hide") throws -> (
    String, Answer
) {
    let mode = mode.map { #","interruption":"\#($0)""# } ?? ""
    let created = app.call(
        "POST", "/sessions",
        json: #"{"timestamp":0,"scrollView":\#(Phone.scrollView),"screen":\#(Phone.screen)\#(mode)}"#)
    let id = try #require(created.json.string("id"))
    let show = #"{"sessionId":"\#(id)","timestamp":0,"keyboard":\#(Phone.keyboard)}"#
    #expect(app.call("POST", "/keyboard/show", json: show).status == 200)
    let second =
        then == "hide"
        ? app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":80}"#)
        : app.call(
            "POST", "/keyboard/show",
            json:
                #"{"sessionId":"\#(id)","timestamp":80,"keyboard":{"frameEnd":{"x":0,"y":464,"width":390,"height":380}}}"#
        )
    #expect(second.status == 200)
    return (id, second)
}

/// The spring's progress, worked independently of the service: 1 − e^(−wt)(1 + wt), w = √(1000/3).
private func spring(_ seconds: Double) -> Double {
    guard seconds > 0 else { return 0 }
    guard seconds < 0.5 else { return 1 }
    let wt = (1000.0 / 3).squareRoot() * seconds
    return 1 - exp(-wt) * (1 + wt)
}

@Suite("Interrupted animations in sessions")
struct InterruptionRouteTests {
    @Test func additiveIsTheDefaultAndTheDescriptorSaysHowToReplayIt() throws {
        let app = makeApp()
        let (id, hide) = try interruptedSession(app, mode: nil)
        let animation = hide.json.object("animation")
        #expect(animation.string("composition") == "additive")
        // 302 is the keyboard's 336 pt less the 34-pt safe area UIKit already adds.
        #expect(animation.at("delta", "contentInset").number("bottom") == 302)
        #expect(animation.at("delta", "keyboardFrame").number("y") == -336)
        let inFlight = try #require(animation["inFlight"] as? [[String: Any]])
        #expect(inFlight.count == 1)
        #expect(inFlight.first?.at("delta", "contentInset").number("bottom") == -302)
        #expect(inFlight.first?.number("startTime") == 0 && inFlight.first?.number("endTime") == 500)
        // The show's velocity at 80 ms carries on through the hide.
        let w = (1000.0 / 3).squareRoot()
        let velocity = 302 * w * w * 0.08 * exp(-w * 0.08)
        #expect(abs((animation.at("velocity", "contentInset").number("bottom") ?? 0) - velocity) <= 0.0005)
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "100")])
        #expect(session.json.string("interruption") == "additive")
        let expected = 302 * (spring(0.1) - spring(0.02))
        #expect(abs((session.json.at("presentation", "contentInset").number("bottom") ?? 0) - expected) < 1e-9)
        #expect(
            abs(
                (session.json.at("presentation", "keyboardFrame").number("y") ?? 0)
                    - (844 - 336 * (spring(0.1) - spring(0.02)))) < 1e-9)
        #expect((session.json["animations"] as? [Any])?.count == 2)
        #expect(session.json.string("keyboardState") == "hiding")
    }

    @Test func beginFromCurrentStateReplacesTheRunningAnimation() throws {
        let app = makeApp()
        let (id, hide) = try interruptedSession(app, mode: "beginFromCurrentState")
        let animation = hide.json.object("animation")
        #expect(animation.string("composition") == "replace")
        #expect((animation["inFlight"] as? [Any])?.isEmpty == true)
        #expect(animation.at("velocity", "contentInset").number("bottom") == 0)
        let onScreen = 302 * spring(0.08)
        #expect(abs((animation.at("from", "contentInset").number("bottom") ?? 0) - onScreen) < 1e-9)
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "100")])
        let expected = onScreen * (1 - spring(0.02))
        #expect(abs((session.json.at("presentation", "contentInset").number("bottom") ?? 0) - expected) < 1e-9)
    }

    @Test func aTallerShowAddsTheDifference() throws {
        let app = makeApp()
        let (id, show) = try interruptedSession(app, mode: nil, then: "taller")
        #expect(show.json.at("animation", "delta", "contentInset").number("bottom") == -44)
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "200")])
        let expected = 346 - 302 * (1 - spring(0.2)) - 44 * (1 - spring(0.12))
        #expect(abs((session.json.at("presentation", "contentInset").number("bottom") ?? 0) - expected) < 1e-9)
    }

    @Test func thePatchSwitchesTheModelAndAnUnknownModelIsRefused() throws {
        let app = makeApp()
        let (id, _) = try interruptedSession(app, mode: nil)
        let patched = app.call("PATCH", "/sessions/\(id)", json: #"{"interruption":"beginFromCurrentState"}"#)
        #expect(patched.json.string("interruption") == "beginFromCurrentState")
        let wrong = app.call("PATCH", "/sessions/\(id)", json: #"{"interruption":"iOS7"}"#)
        #expect(wrong.status == 400)
        let errors = try #require(wrong.json["errors"] as? [[String: Any]])
        #expect(errors.first?.string("pointer") == "/interruption")
        // Only sessions have a composition to choose.
        let stateless = app.call(
            "POST", "/keyboard/show", json: #"{"interruption":"additive","# + Phone.showBody.dropFirst())
        #expect(stateless.status == 400)
    }

    @Test func aFloodOfEventsInOneInstantKeepsTheSessionBounded() throws {
        let app = makeApp()
        let (id, _) = try interruptedSession(app, mode: nil)
        for index in 0..<500 {
            let height = 200 + index % 7 * 20
            let duration = 0.25 + Double(index % 13) / 100
            let body = """
                {"sessionId":"\(id)","timestamp":90,"keyboard":{"frameEnd":{"x":0,"y":\(844 - height),"width":390,\
                "height":\(height)},"animationDuration":\(duration),"animationCurve":0}}
                """
            #expect(app.call("POST", "/keyboard/show", json: body).status == 200)
        }
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "90")])
        #expect((session.json["animations"] as? [Any])?.count ?? 99 <= LiveAnimations.capacity)
    }
}

@Suite("GET /sessions/{id}/timeline")
struct TimelineRouteTests {
    @Test func samplesMatchTheSessionAtEachInstant() throws {
        let app = makeApp()
        let (id, _) = try interruptedSession(app, mode: nil)
        let timeline = app.call(
            "GET", "/sessions/\(id)/timeline", query: [("from", "0"), ("to", "300"), ("step", "20")])
        #expect(timeline.status == 200)
        let times = try #require(timeline.json["times"] as? [Double])
        #expect(times.count == 16 && times.first == 0 && times.last == 300)
        let values = try #require(timeline.json["values"] as? [[String: Any]])
        let bottom = try #require(values.first { $0.string("name") == "contentInset.bottom" })
        let samples = try #require(bottom["presentation"] as? [Double])
        for (time, sample) in zip(times, samples) where time >= 80 {
            let at = app.call("GET", "/sessions/\(id)", query: [("at", Timeline.text(time))])
            #expect(abs((at.json.at("presentation", "contentInset").number("bottom") ?? 0) - sample) < 1e-9)
        }
        // Before the hide the samples are the show alone.
        #expect(abs(samples[2] - 302 * spring(0.04)) < 1e-9)
        let events = try #require(timeline.json["events"] as? [[String: Any]])
        #expect(events.map { $0.number("time") } == [0, 80])
    }

    @Test func theSVGDrawsOneLinePerMovingValueAndAMarkerPerEvent() throws {
        let app = makeApp()
        let (id, _) = try interruptedSession(app, mode: nil)
        for answer in [
            app.call("GET", "/sessions/\(id)/timeline.svg"),
            app.call("GET", "/sessions/\(id)/timeline", headers: [("Accept", "image/svg+xml")]),
        ] {
            #expect(answer.status == 200)
            #expect(answer.headers["Content-Type"] == "image/svg+xml")
            let svg = answer.text
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"400\""))
            #expect(svg.contains("data-value=\"contentInset.bottom\""))
            #expect(svg.contains("data-value=\"keyboardFrame.y\""))
            #expect(!svg.contains("data-value=\"contentInset.top\""))
            #expect(svg.components(separatedBy: "class=\"event\"").count - 1 == 2)
            // Parses as XML.
            #expect(XMLParser(data: Data(answer.body)).parse())
        }
        #expect(app.call("GET", "/sessions/\(id)/timeline").headers["Content-Type"] == "application/json")
    }

    @Test(arguments: [
        ("step", "0"), ("step", "-5"), ("from", "-1"), ("from", "abc"), ("to", "1e16"), ("step", "0x10"),
        ("step", "0.01"),
    ])
    func badQueriesAreProblemsNamingTheParameter(name: String, value: String) throws {
        let app = makeApp()
        let (id, _) = try interruptedSession(app, mode: nil)
        let answer = app.call("GET", "/sessions/\(id)/timeline", query: [(name, value)])
        #expect(answer.status == 400)
        #expect(answer.json.string("type") == "/problems/invalid-query")
        #expect(
            answer.json.string("detail")?.contains("'\(name == "step" && value == "0.01" ? "step" : name)'") == true)
    }

    @Test func toBeforeFromAndTooManySamplesAreRefused() throws {
        let app = makeApp()
        let (id, _) = try interruptedSession(app, mode: nil)
        let backwards = app.call("GET", "/sessions/\(id)/timeline", query: [("from", "300"), ("to", "100")])
        #expect(backwards.status == 400 && backwards.json.string("detail")?.contains("'to'") == true)
        let many = app.call("GET", "/sessions/\(id)/timeline", query: [("from", "0"), ("to", "2000"), ("step", "0.5")])
        #expect(many.status == 400)
        let most = app.call("GET", "/sessions/\(id)/timeline", query: [("from", "0"), ("to", "1999"), ("step", "1")])
        #expect(most.status == 200 && (most.json["times"] as? [Any])?.count == Timeline.maxSamples)
        #expect(app.call("GET", "/sessions/nope/timeline").status == 404)
    }
}

@Suite("GET /sessions/{id}/timeline without a query")
struct TimelineDefaultStepTests {
    /// A show at 1 s and a hide at 30 s span 29 s: 2 901 samples at the old fixed 10 ms, so a query-less call,
    /// the playground's own, was refused with 400 although it named no step.
    @Test func aLongSpanGetsAStepThatFitsIt() throws {
        let app = makeApp()
        let created = app.call("POST", "/sessions", json: Phone.sessionBody)
        let id = try #require(created.json.string("id"))
        let show = #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#
        #expect(app.call("POST", "/keyboard/show", json: show).status == 200)
        let hide = """
            {"sessionId":"\(id)","timestamp":30000,"keyboard":{"frameEnd":{"x":0,"y":844,"width":390,"height":336}}}
            """
        #expect(app.call("POST", "/keyboard/hide", json: hide).status == 200)
        for path in ["/sessions/\(id)/timeline", "/sessions/\(id)/timeline.svg"] {
            let answer = app.call("GET", path)
            #expect(answer.status == 200, "\(path): \(answer.text)")
        }
        let timeline = app.call("GET", "/sessions/\(id)/timeline")
        let times = try #require(timeline.json["times"] as? [Double])
        let step = try #require(timeline.json.number("step"))
        #expect(times.count <= Timeline.maxSamples && times.count > 1000)
        #expect(step == ((times.last! - times.first!) / Double(Timeline.maxSamples - 1)).rounded(.up))
        // A span short enough keeps the 10 ms step.
        let short = app.call("GET", "/sessions/\(id)/timeline", query: [("from", "30000"), ("to", "30500")])
        #expect(short.json.number("step") == Timeline.defaultStep, "\(short.text)")
        // A step the client names is still its own, and still refused when it gives too many samples.
        let named = app.call("GET", "/sessions/\(id)/timeline", query: [("step", "10")])
        #expect(named.status == 400)
    }
}

@Suite("Velocities stay numbers")
struct FiniteVelocityTests {
    /// Every leaf under `value` that is not a number: a velocity written as `null` is one.
    private func nonNumbers(_ value: Any, at path: String = "") -> [String] {
        switch value {
        case let object as [String: Any]: object.flatMap { nonNumbers($0.value, at: path + "/" + $0.key) }
        case let array as [Any]: array.enumerated().flatMap { nonNumbers($0.element, at: path + "/\($0.offset)") }
        case is NSNumber: []
        default: [path]
        }
    }

    /// A linear show lasting 5e-324 s, then a hide at the same instant: the rate over that duration was
    /// infinite, and 16 velocity members (32 on GET) came back `null`. At time 0, where the animation's end
    /// (0 + 5e-321 ms) is still after its start; at 1 000 ms the two are the same double and it is over at once.
    @Test func aHideInsideTheShortestShowHasFiniteVelocities() throws {
        let app = makeApp()
        let created = app.call("POST", "/sessions", json: Phone.sessionBody)
        let id = try #require(created.json.string("id"))
        let show = """
            {"sessionId":"\(id)","timestamp":0,"keyboard":{"frameEnd":{"x":0,"y":508,"width":390,"height":336},\
            "animationDuration":5e-324,"animationCurve":3}}
            """
        #expect(app.call("POST", "/keyboard/show", json: show).status == 200)
        let hide = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(id)","timestamp":0}"#)
        #expect(hide.status == 200)
        let velocity = try #require(hide.json.at("animation")["velocity"])
        #expect(nonNumbers(velocity).isEmpty)
        let session = app.call("GET", "/sessions/\(id)", query: [("at", "0")])
        #expect(session.status == 200)
        #expect(nonNumbers(try #require(session.json["velocity"])).isEmpty)
        #expect(nonNumbers(try #require(session.json.at("animation")["velocity"])).isEmpty)
    }
}
