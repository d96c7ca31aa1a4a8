import InsetCore
import InsetJSON
import Testing

@testable import InsetSchema

/// The fast path may only ever say "I don't know": whatever it decodes, the general path must decode to the same
/// request. Generated bodies of every kind (show, hide, session, drag, release, focus), valid and broken, hold it
/// to that.
@Suite("Fast path")
struct FastPathTests {
    /// A body as a tree of members, so mutations can aim at one value.
    indirect enum Node {
        case raw(String)
        case object([(String, Node)])
    }

    static let rect = Node.object([
        ("x", .raw("0")), ("y", .raw("508")), ("width", .raw("390")), ("height", .raw("336")),
    ])
    static let insets = Node.object([
        ("top", .raw("47")), ("left", .raw("0")), ("bottom", .raw("34")), ("right", .raw("0")),
    ])

    /// Bodies that use every member the fast path knows.
    static let templates: [(RequestBody.Kind, Node)] = [
        (
            .show,
            .object([
                (
                    "scrollView",
                    .object([
                        (
                            "frame",
                            .object([
                                ("x", .raw("0")), ("y", .raw("0")), ("width", .raw("390")), ("height", .raw("844")),
                            ])
                        ),
                        ("safeAreaInsets", insets), ("contentInset", insets), ("scrollIndicatorInsets", insets),
                        ("contentSize", .object([("width", .raw("390")), ("height", .raw("2000"))])),
                        ("contentOffset", .object([("x", .raw("0")), ("y", .raw("12.5"))])),
                        ("contentInsetAdjustmentBehavior", .raw("\"automatic\"")),
                        ("automaticallyAdjustsScrollIndicatorInsets", .raw("true")),
                        ("alwaysBounceVertical", .raw("false")),
                    ])
                ),
                ("screen", .object([("width", .raw("390")), ("height", .raw("844"))])),
                (
                    "window",
                    .object([("x", .raw("0")), ("y", .raw("0")), ("width", .raw("390")), ("height", .raw("844"))])
                ),
                ("keyboardDistance", .raw("10")), ("baseInsetMode", .raw("\"max\"")),
                ("followsUndockedKeyboard", .raw("false")),
                (
                    "keyboard",
                    .object([
                        ("frameEnd", rect), ("frameBegin", rect), ("animationDuration", .raw("0.25")),
                        ("animationCurve", .raw("7")), ("isLocal", .raw("true")),
                    ])
                ),
                ("focusedRect", rect),
            ])
        ),
        (
            .show,
            .object([
                ("sessionId", .raw("\"CbuU4KaY_tIrhsQGEICoPi\"")), ("timestamp", .raw("2000")),
                (
                    "keyboard",
                    .object([("frameEnd", rect), ("animationDuration", .raw("0.25")), ("animationCurve", .raw("7"))])
                ),
            ])
        ),
        (
            .show,
            .object([
                ("platform", .raw("\"android\"")),
                ("screen", .object([("width", .raw("412")), ("height", .raw("915"))])),
                ("systemBars", .object([("top", .raw("24")), ("bottom", .raw("48"))])),
                ("navigationMode", .raw("\"threeButton\"")), ("windowSoftInputMode", .raw("\"adjustPan\"")),
                ("edgeToEdge", .raw("true")), ("imeInsets", .raw("\"padding\"")),
                ("insetsAnimationCallback", .raw("false")),
                (
                    "scrollView",
                    .object([
                        ("frame", rect), ("contentSize", .object([("width", .raw("412")), ("height", .raw("2000"))])),
                        ("contentOffset", .object([("x", .raw("0")), ("y", .raw("40"))])),
                    ])
                ),
                ("focusedRect", rect), ("caretRect", rect), ("keyboard", .object([("frameEnd", rect)])),
            ])
        ),
        (
            .hide,
            .object([
                ("sessionId", .raw("\"CbuU4KaY_tIrhsQGEICoPi\"")),
                ("keyboard", .object([("frameBegin", rect), ("frameEnd", rect)])),
            ])
        ),
        (.hide, .object([])),
        (
            .session,
            .object([
                ("timestamp", .raw("500")),
                ("scrollView", .object([("contentOffset", .object([("x", .raw("0")), ("y", .raw("120"))]))])),
                (
                    "fields",
                    .raw(#"[{"id": "name", "rect": {"x": 16, "y": 100, "width": 358, "height": 44}, "order": 1}]"#)
                ),
                ("focus", .raw("\"name\"")), ("scrollPosition", .raw("\"center\"")),
                ("interruption", .raw("\"beginFromCurrentState\"")),
            ])
        ),
        (
            .drag,
            .object([
                ("sessionId", .raw("\"CbuU4KaY_tIrhsQGEICoPi\"")), ("timestamp", .raw("1100")),
                ("touch", .object([("x", .raw("195")), ("y", .raw("600"))])),
            ])
        ),
        (
            .release,
            .object([
                ("sessionId", .raw("\"CbuU4KaY_tIrhsQGEICoPi\"")), ("timestamp", .raw("1200")),
                ("velocity", .object([("y", .raw("1500"))])),
            ])
        ),
        (.focus, .object([("timestamp", .raw("1300")), ("field", .raw("\"next\""))])),
    ]

    /// Values that probe every range and type rule.
    static let odd = [
        "-0", "0", "-0.0", "1e6", "1000000", "1000000.5", "-1000000", "-1000001", "1e400", "-1e400", "0.25", "15",
        "15.5",
        "16", "-1", "10", "10.000001", "1e15", "1E15", "1e16", "\"1\"", "null", "true", "[]", "{}", "01", "1.", ".5",
        "\"automatic\"", "\"never\"", "\"Automatic\"", "\"max\"", "\"additive\"", "\"\\u0061utomatic\"", "\"\"",
        "\"" + String(repeating: "a", count: 64) + "\"", "\"" + String(repeating: "a", count: 65) + "\"",
        "\"CbuU4KaY_tIrhsQGEICoPi\"", "\"\\u00e9\"", "7", "7.0", "7e0", "-7", "2.5e-1", "1e5", "-100000",
        "100000.5", "\"next\"", "\"previous\"", "\"android\"", "\"ios\"", "\"adjustNothing\"", "\"gesture\"",
        "\"resize\"", "\"\\u0061ndroid\"", "false",
    ]

    /// Names a mutation adds as a member: unknown, misplaced, or another kind's (a gesture's or a focus move's).
    static let extraNames = [
        "unknown", "frame", "x", "y", "keyboard", "userInfo", "touch", "velocity", "field", "sessionId",
    ]

    typealias Generator = SplitMix64

    static func render(_ node: Node, _ random: inout Generator, spaced: Bool) -> String {
        switch node {
        case .raw(let text): return text
        case .object(let members):
            // "writer": as json.dumps and hand-written bodies space them, the form the fast path reads unscanned.
            let space = spaced ? pick([" ", "\n", "\t ", "", "writer"], &random) : ""
            if space == "writer" {
                let body = members.map { "\"\($0.0)\": \(render($0.1, &random, spaced: spaced))" }
                return "{" + body.joined(separator: ", ") + "}"
            }
            let body = members.map { "\(space)\"\($0.0)\"\(space):\(space)\(render($0.1, &random, spaced: spaced))" }
            return "{" + body.joined(separator: ",") + space + "}"
        }
    }

    /// One random change somewhere in the tree.
    static func mutate(_ node: Node, _ random: inout Generator) -> Node {
        guard case .object(var members) = node else {
            return .raw(pick(odd, &random))
        }
        let choice = Int.random(in: 0..<10, using: &random)
        if members.isEmpty || choice == 0 {
            members.append((pick(extraNames, &random), .raw("1")))
            return .object(members)
        }
        let index = Int.random(in: 0..<members.count, using: &random)
        switch choice {
        case 1: members.remove(at: index)
        case 2: members.append(members[index])
        case 3: members[index].0 = members[index].0.replacingFirst("a", with: "\\u0061")
        case 4: members[index].1 = .raw(pick(odd, &random))
        // Geometry is read in the usual order first and by name otherwise: reordered members must agree too.
        case 5: members.swapAt(index, Int.random(in: 0..<members.count, using: &random))
        default: members[index].1 = mutate(members[index].1, &random)
        }
        return .object(members)
    }

    static func slow(_ bytes: [UInt8], _ kind: RequestBody.Kind) -> RequestBody? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return try? GeneralDecoder.decode(value, kind: kind)
    }

    static func fast(_ bytes: [UInt8], _ kind: RequestBody.Kind) -> RequestBody? {
        var request = RequestBody()
        return bytes.withUnsafeBufferPointer { FastDecoder.decode($0, kind: kind, into: &request) } ? request : nil
    }

    @Test func theTemplatesTakeTheFastPathAndAgree() {
        // Every kind of body has a template, so the differential test below reaches each kind.
        #expect(Set(Self.templates.map(\.0)) == Set(RequestBody.Kind.allCases))
        var random = Generator(state: 1)
        for (kind, template) in Self.templates {
            for spaced in [false, true] {
                let bytes = Array(Self.render(template, &random, spaced: spaced).utf8)
                let fast = Self.fast(bytes, kind)
                #expect(fast != nil, "\(String(decoding: bytes, as: UTF8.self))")
                #expect(String(describing: fast) == String(describing: Self.slow(bytes, kind)))
            }
        }
    }

    /// The body `bench/show.lua` sends takes the fast path and decodes as the general path does.
    @Test func theBenchmarksShowTakesTheFastPathAndAgrees() {
        let body = """
            {"scrollView": {"frame": {"x": 0, "y": 0, "width": 390, "height": 844}, \
            "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0}, \
            "contentSize": {"width": 390, "height": 2000}}, "screen": {"width": 390, "height": 844}, \
            "keyboard": {"frameEnd": {"x": 0, "y": 508, "width": 390, "height": 336}, \
            "animationDuration": 0.25, "animationCurve": 7}, \
            "focusedRect": {"x": 16, "y": 700, "width": 358, "height": 44}}
            """
        let bytes = Array(body.utf8)
        let fast = Self.fast(bytes, .show)
        #expect(fast?.event.keyboard.frameEnd == Rect(x: 0, y: 508, width: 390, height: 336))
        #expect(fast?.event.keyboard.animationDuration == 0.25)
        #expect(fast?.event.scene.values.scrollView.contentSize == Size(width: 390, height: 2000))
        #expect(String(describing: fast) == String(describing: Self.slow(bytes, .show)))
    }

    /// The body `bench/android-show.lua` sends, Android's members first as the docs write them, takes the fast
    /// path and decodes as the general path does.
    @Test func theBenchmarksAndroidShowTakesTheFastPathAndAgrees() {
        let body = """
            {"platform": "android", "screen": {"width": 412, "height": 915}, \
            "systemBars": {"top": 24, "bottom": 48}, "navigationMode": "threeButton", \
            "windowSoftInputMode": "adjustResize", "insetsAnimationCallback": true, \
            "scrollView": {"frame": {"x": 0, "y": 80, "width": 412, "height": 787}, \
            "contentSize": {"width": 412, "height": 2000}}, \
            "focusedRect": {"x": 16, "y": 700, "width": 380, "height": 56}, \
            "keyboard": {"frameEnd": {"x": 0, "y": 515, "width": 412, "height": 400}}}
            """
        let bytes = Array(body.utf8)
        let fast = Self.fast(bytes, .show)
        #expect(fast?.event.scene.values.platform == .android)
        #expect(fast?.event.scene.values.android.navigationBar == 48)
        #expect(fast?.event.scene.values.android.navigationMode == .threeButton)
        #expect(fast?.event.scene.values.android.insetsAnimationCallback == true)
        #expect(fast?.event.keyboard.frameEnd == Rect(x: 0, y: 515, width: 412, height: 400))
        #expect(String(describing: fast) == String(describing: Self.slow(bytes, .show)))
    }

    /// Geometry in an unusual member order still takes the fast path, read by name instead of in order.
    @Test func reorderedGeometryTakesTheFastPathAndAgrees() {
        let body = """
            {"keyboard": {"frameEnd": {"height": 336, "width": 390, "y": 508, "x": 0}, "animationDuration": 0.25},
             "scrollView": {"frame": {"y": 0, "x": 0, "height": 844, "width": 390},
              "safeAreaInsets": {"bottom": 34, "top": 47, "right": 0, "left": 0},
              "contentSize": {"height": 2000, "width": 390}, "contentOffset": {"y": 12.5, "x": 0}}}
            """
        let bytes = Array(body.utf8)
        let fast = Self.fast(bytes, .show)
        #expect(fast?.event.keyboard.frameEnd == Rect(x: 0, y: 508, width: 390, height: 336))
        #expect(
            fast?.event.scene.values.scrollView.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(String(describing: fast) == String(describing: Self.slow(bytes, .show)))
    }

    @Test(arguments: 0..<8)
    func whateverTheFastPathAcceptsTheGeneralPathDecodesTheSame(seed: UInt64) {
        var random = Generator(state: seed &* 7919 &+ 11)
        var accepted = 0
        var refused = 0
        let rounds = 2_500
        for round in 0..<rounds {
            let (kind, template) = Self.templates[round % Self.templates.count]
            var node = template
            for _ in 0..<Int.random(in: 0..<3, using: &random) { node = Self.mutate(node, &random) }
            var text = Self.render(node, &random, spaced: random.next() % 2 == 0)
            switch random.next() % 16 {
            case 0: text = String(text.prefix(Int.random(in: 0...text.count, using: &random)))
            case 1: text += pick(["}", " x", ",", "\u{0}", " "], &random)
            case 2: text = "\u{FEFF}" + text
            default: break
            }
            let bytes = Array(text.utf8)
            let slow = Self.slow(bytes, kind)
            // Every kind, and the table alone as well as with the usual members' own readers.
            #expect(bytes.withUnsafeBufferPointer { FastPathAgreement.holds(for: $0) }, "\(text)")
            if let fast = Self.fast(bytes, kind) {
                accepted += 1
                // The descriptions too: == calls -0 and 0 equal, and a client would see the difference.
                #expect(
                    slow == fast && String(describing: slow) == String(describing: Optional(fast)), "\(kind) \(text)")
            } else if slow != nil {
                refused += 1
            }
        }
        // Both outcomes must really occur, or the comparison above proves nothing.
        #expect(accepted > rounds / 10)
        #expect(refused > 0)
    }
}

/// A random element of a non-empty array.
private func pick<T>(_ choices: [T], _ random: inout FastPathTests.Generator) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
