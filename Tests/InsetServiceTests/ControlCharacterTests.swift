import Foundation
import InsetServiceTestSupport
import InsetSession
import Testing

@testable import InsetService

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Ids and names with control characters: refused at the door, and never written where XML forbids them.
@Suite("Control characters in ids")
struct ControlCharacterTests {

    @Test(arguments: ["\\u0001", "\\u0000", "\\u001f", "\\u007f", "\\u0085", "\\n"])
    func aPinnedViewIdWithOneIsA400NamingIt(control: String) throws {
        let app = makeApp()
        let body = """
            {"scrollView":\(Phone.scrollView),"screen":\(Phone.screen),\
            "pinnedViews":[{"id":"composer\(control)","frame":{"x":0,"y":760,"width":390,"height":50}}]}
            """
        let created = app.call("POST", "/sessions", json: body)
        #expect(created.status == 400)
        let errors = try #require(created.json["errors"] as? [[String: Any]])
        #expect(errors.first?.string("pointer") == "/pinnedViews/0/id")
        #expect(errors.first?.string("message")?.contains("control characters") == true)
    }

    @Test func aFieldIdAFocusAndASessionIdWithOneAre400s() throws {
        let app = makeApp()
        let fields = #"[{"id":"name\u0002","rect":{"x":16,"y":100,"width":358,"height":44}}]"#
        let form = app.call("POST", "/sessions", json: #"{"scrollView":\#(Phone.scrollView),"fields":\#(fields)}"#)
        #expect(form.status == 400)
        let focus = app.call(
            "POST", "/keyboard/show", json: #"{"focus":"a\u0003",\#(Phone.showBody.dropFirst())"#)
        #expect(focus.status == 400)
        let session = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"a\u0000b"}"#)
        #expect(session.status == 400)
    }

    @Test func ordinaryTextStillPasses() throws {
        let app = makeApp()
        let body = """
            {"scrollView":\(Phone.scrollView),"screen":\(Phone.screen),\
            "pinnedViews":[{"id":"compösér ✉︎ <&\\">","frame":{"x":0,"y":760,"width":390,"height":50}}]}
            """
        #expect(app.call("POST", "/sessions", json: body).status == 201)
    }

    /// The writer's own guard, for names that reach it some other way: the document parses.
    @Test func theSVGWriterDropsWhatXMLCannotHold() throws {
        let escaped = Timeline.escaped("a\u{1}b\u{0}c\u{FFFF}d<&>\"\te")
        #expect(escaped == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d&lt;&amp;&gt;&quot;\te")
        let document = "<svg xmlns=\"http://www.w3.org/2000/svg\"><text data-v=\"\(escaped)\">\(escaped)</text></svg>"
        #expect(XMLParser(data: Data(document.utf8)).parse())
    }
}
