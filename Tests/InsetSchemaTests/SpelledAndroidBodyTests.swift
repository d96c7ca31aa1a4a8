import InsetCore
import InsetSession
import Testing

@testable import InsetSchema

/// An Android body's choices are read as quoted names compared as words, and its two long member names
/// (`windowSoftInputMode`, `insetsAnimationCallback`) as two literal runs (`FastDecoder+Android.swift`); any
/// other spelling is read as before. Whatever the fast decoder accepts must decode exactly as the general decoder
/// decodes it (`SpelledBodyTests.agree`); these bodies change the usual one where those reads decide.
@Suite("Spelled Android bodies")
struct SpelledAndroidBodyTests {
    /// `bench/android-show.lua`'s body, with a caret rect.
    static let show = """
        {"platform": "android", "screen": {"width": 412, "height": 915}, \
        "systemBars": {"top": 24, "bottom": 48}, "navigationMode": "threeButton", \
        "windowSoftInputMode": "adjustResize", "insetsAnimationCallback": true, \
        "scrollView": {"frame": {"x": 0, "y": 80, "width": 412, "height": 787}, \
        "contentSize": {"width": 412, "height": 2000}}, \
        "focusedRect": {"x": 16, "y": 700, "width": 380, "height": 56}, \
        "caretRect": {"x": 20, "y": 710, "width": 2, "height": 40}, \
        "keyboard": {"frameEnd": {"x": 0, "y": 515, "width": 412, "height": 400}}}
        """

    static func agree(_ text: String) -> Bool { SpelledBodyTests.agree(text) }

    static func fast(_ text: String) -> RequestBody? { SpelledBodyTests.fast(text, .show) }

    /// Each choice's every name, spelled as usual, is read on the fast path into its case.
    @Test func everyChoiceNameIsReadInPlace() {
        #expect(Self.fast(Self.show)?.event.scene.values.android.caretRect == Rect(x: 20, y: 710, width: 2, height: 40))
        for mode in NavigationMode.allCases {
            let text = Self.show.replacing("\"threeButton\"", with: "\"\(mode.rawValue)\"")
            #expect(Self.fast(text)?.event.scene.values.android.navigationMode == mode, "\(text)")
            #expect(Self.agree(text), "\(text)")
        }
        for mode in SoftInputMode.allCases {
            let text = Self.show.replacing("\"adjustResize\"", with: "\"\(mode.rawValue)\"")
            #expect(Self.fast(text)?.event.scene.values.android.softInputMode == mode, "\(text)")
            #expect(Self.agree(text), "\(text)")
        }
        for platform in Platform.allCases {
            let text = Self.show.replacing("\"android\"", with: "\"\(platform.rawValue)\"")
            #expect(Self.agree(text), "\(text)")
        }
        #expect(Self.fast(Self.show)?.event.scene.values.platform == .android)
    }

    /// Unknown names, near misses, escapes, other types: declined or read as the general decoder reads them.
    @Test func otherChoiceValuesAgree() {
        let values = [
            "\"\"", "\"twoButton\"", "\"Gesture\"", "\"gesture \"", "\" gesture\"", "\"gestures\"", "\"gestur\"",
            "\"adjustresize\"", "\"adjustResizeX\"", "\"adjustPa\"", "\"adjustNothing\\u0000\"",
            "\"\\u0061ndroid\"", "\"adjust\\u0052esize\"", "\"three\\u0042utton\"", "\"android\\\"\"", "1", "null",
            "true", "[\"gesture\"]", "{}", "\"\\n\"", "\"gesture\"x", "\"adjustPan\"\"",
        ]
        for value in values {
            for name in ["\"android\"", "\"threeButton\"", "\"adjustResize\""] {
                let text = Self.show.replacing(name, with: value)
                #expect(Self.agree(text), "\(text)")
            }
        }
    }

    /// Other spacing around the members read here, the long names cut or lengthened, repeated and reordered
    /// members, the optional ones left out.
    @Test func otherSpellingsAgree() {
        let changes = [
            ("\"platform\": ", "\"platform\":"), ("\"platform\": ", "\"platform\" : "),
            ("\"platform\": ", "\"platform\":  "),
            ("\"android\", ", "\"android\" , "), ("\"android\", ", "\"android\",\n"),
            ("\"navigationMode\": ", "\"navigationMode\":"), ("\"navigationMode\": ", "\"navigationMode\":\t"),
            ("\"threeButton\", ", "\"threeButton\" ,"),
            ("\"windowSoftInputMode\": ", "\"windowSoftInputMode\":"),
            ("\"windowSoftInputMode\": ", "\"windowSoftInputMode\" : "),
            ("\"windowSoftInputMode\": ", "\"windowSoftInputMode\":  "),
            (", \"windowSoftInputMode\"", ",\"windowSoftInputMode\""),
            (", \"windowSoftInputMode\"", " , \"windowSoftInputMode\""),
            ("\"windowSoftInputMode\"", "\"windowSoftInputModes\""),
            ("\"windowSoftInputMode\"", "\"windowSoftInputMod\""),
            ("\"windowSoftInputMode\"", "\"window\\u0053oftInputMode\""),
            ("\"insetsAnimationCallback\": ", "\"insetsAnimationCallback\":"),
            ("\"insetsAnimationCallback\": ", "\"insetsAnimationCallback\" : "),
            ("\"insetsAnimationCallback\": ", "\"insetsAnimationCallback\":\n"),
            ("\"insetsAnimationCallback\"", "\"insetsAnimationCallbacks\""),
            ("\"insetsAnimationCallback\"", "\"insetsAnimationCallbac\""),
            ("\"insetsAnimationCallback\"", "\"insetsAnimation\""),
            ("\"insetsAnimationCallback\"", "\"insetsAnimationC\\u0061llback\""),
            ("\"insetsAnimationCallback\": true", "\"insetsAnimationCallback\": false"),
            ("\"insetsAnimationCallback\": true", "\"insetsAnimationCallback\": 1"),
            (
                "\"navigationMode\": \"threeButton\"",
                "\"navigationMode\": \"threeButton\", \"navigationMode\": \"gesture\""
            ),
            (
                "\"windowSoftInputMode\": \"adjustResize\"",
                "\"windowSoftInputMode\": \"adjustResize\", \"windowSoftInputMode\": \"adjustPan\""
            ),
            (
                "\"insetsAnimationCallback\": true",
                "\"insetsAnimationCallback\": true, \"insetsAnimationCallback\": true"
            ),
            ("\"platform\": \"android\", ", "\"platform\": \"android\", \"platform\": \"android\", "),
            ("\"windowSoftInputMode\": \"adjustResize\", ", ""), ("\"insetsAnimationCallback\": true, ", ""),
            ("\"navigationMode\": \"threeButton\", ", ""),
            ("\"insetsAnimationCallback\": true, ", "\"edgeToEdge\": true, \"imeInsets\": \"padding\", "),
            (
                "\"insetsAnimationCallback\": true, ",
                "\"insetsAnimationCallback\": true, \"edgeToEdge\": true, \"imeInsets\": \"padding\", "
            ),
            ("\"insetsAnimationCallback\": true, ", "\"imeInsets\": \"resize\", \"insetsAnimationCallback\": true, "),
            (
                "\"navigationMode\": \"threeButton\", \"windowSoftInputMode\": \"adjustResize\"",
                "\"windowSoftInputMode\": \"adjustResize\", \"navigationMode\": \"threeButton\""
            ),
            ("\"caretRect\": {\"x\": 20, \"y\": 710, \"width\": 2, \"height\": 40}, ", ""),
            ("\"keyboard\": ", "\"keyboard\":"), ("\"keyboard\": ", "\"keyboard\" : "),
            (", \"keyboard\"", ",\"keyboard\""), ("\"keyboard\"", "\"keyboards\""), ("\"keyboard\"", "\"keyboar\""),
            (
                "\"caretRect\": {\"x\": 20, \"y\": 710, \"width\": 2, \"height\": 40}, ",
                "\"keyboard\": {\"frameEnd\": {\"x\": 0, \"y\": 515, \"width\": 412, \"height\": 400}}, "
            ),
        ]
        for (old, new) in changes {
            #expect(Self.show.contains(old), "\(old)")
            let text = Self.show.replacing(old, with: new)
            #expect(Self.agree(text), "\(text)")
        }
    }

    /// The body without its caret rect, whose keyboard is then read without looking for one, takes the fast path.
    @Test func theKeyboardAfterTheFocusedRectIsRead() {
        let text = Self.show.replacing(
            "\"caretRect\": {\"x\": 20, \"y\": 710, \"width\": 2, \"height\": 40}, ", with: "")
        let fast = Self.fast(text)
        #expect(fast?.event.keyboard.frameEnd == Rect(x: 0, y: 515, width: 412, height: 400))
        #expect(fast?.event.scene.values.android.caretRect == nil)
        #expect(Self.agree(text))
    }

    /// A body cut anywhere, or with a byte after it.
    @Test func cutOrExtendedBodiesAgree() {
        let bytes = Array(Self.show.utf8)
        for count in 0..<bytes.count {
            let text = String(decoding: bytes[..<count], as: UTF8.self)
            #expect(Self.fast(text) == nil, "\(text)")
            #expect(Self.agree(text), "\(text)")
        }
        for tail in [" ", "}", "x", "\u{0}", ",", "\n"] {
            #expect(Self.agree(Self.show + tail), "\(Self.show + tail)")
        }
    }

    /// A body that opens with its platform is read without looking for a session id or a timestamp first; one
    /// that sends them after the platform, or a keyboard with a duration and a curve, decodes as before.
    @Test func aBodyOpeningWithItsPlatformIsReadAsBefore() {
        let fast = Self.fast(Self.show)
        #expect(fast?.event.scene.values.android.navigationMode == .threeButton)
        #expect(fast?.sessionId == nil)
        let later = [
            Self.show.replacing("\"screen\": ", with: "\"sessionId\": \"AAAAAAAAAAAAAAAAAAAAAA\", \"screen\": "),
            Self.show.replacing("\"screen\": ", with: "\"timestamp\": 12.5, \"screen\": "),
            Self.show.replacing(
                "\"height\": 400}}", with: "\"height\": 400}, \"animationDuration\": 0.25, \"animationCurve\": 7}"),
            Self.show.replacing("{\"frameEnd\": {\"x\": 0, \"y\": 515, \"width\": 412, \"height\": 400}}", with: "{}"),
        ]
        for text in later {
            #expect(text != Self.show, "\(text)")
            #expect(Self.agree(text), "\(text)")
        }
    }
}
