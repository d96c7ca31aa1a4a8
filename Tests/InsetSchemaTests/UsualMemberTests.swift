import InsetCore
import InsetSession
import Testing

@testable import InsetSchema

/// The usual members' own readers (`FastDecoder+Usual.swift`) name members by position and scene values by bit,
/// and read each value with the rule of its kind: all of it must be what `RequestSchema` declares, so that the
/// table stays the one truth. The values they store are held to the general decoder's by `FastPathTests` and
/// `FastPathAgreement`.
@Suite("Usual members")
struct UsualMemberTests {
    @Test func positionsAreTheSchemas() {
        let top = RequestSchema.top.names.map(\.description)
        #expect(top[UsualMember.sessionId] == "sessionId")
        #expect(top[UsualMember.timestamp] == "timestamp")
        #expect(top[UsualMember.scrollView] == "scrollView")
        #expect(top[UsualMember.screen] == "screen")
        #expect(top[UsualMember.keyboard] == "keyboard")
        #expect(top[UsualMember.focusedRect] == "focusedRect")
        let scrollView = RequestSchema.scrollView.names.map(\.description)
        #expect(scrollView[UsualMember.frame] == "frame")
        #expect(scrollView[UsualMember.safeAreaInsets] == "safeAreaInsets")
        #expect(scrollView[UsualMember.contentSize] == "contentSize")
        #expect(scrollView[UsualMember.contentOffset] == "contentOffset")
        let keyboard = RequestSchema.keyboardObject.names.map(\.description)
        #expect(keyboard[UsualMember.frameEnd] == "frameEnd")
        #expect(keyboard[UsualMember.animationDuration] == "animationDuration")
        #expect(keyboard[UsualMember.animationCurve] == "animationCurve")
        #expect(keyboard[UsualMember.frameBegin] == "frameBegin")
    }

    @Test func bitsAreTheSchemasAndTheScenes() {
        let cases: [(ObjectSchema, Int, UInt64, SceneValue)] = [
            (RequestSchema.scrollView, UsualMember.frame, UsualMember.frameBit, .frame),
            (RequestSchema.scrollView, UsualMember.safeAreaInsets, UsualMember.safeAreaInsetsBit, .safeAreaInsets),
            (RequestSchema.scrollView, UsualMember.contentSize, UsualMember.contentSizeBit, .contentSize),
            (RequestSchema.scrollView, UsualMember.contentOffset, UsualMember.contentOffsetBit, .contentOffset),
            (RequestSchema.top, UsualMember.screen, UsualMember.screenBit, .screen),
            (RequestSchema.top, UsualMember.focusedRect, UsualMember.focusedRectBit, .focusedRect),
        ]
        for (schema, index, bit, value) in cases {
            #expect(SceneValues(rawValue: bit) == SceneValues(value))
            guard case .geometry(_, let slotBit) = schema.slots[index] else {
                Issue.record("\(value) is not a scene value in the schema")
                continue
            }
            #expect(slotBit == bit, "\(value)")
        }
    }

    /// Each value's kind and range, as the usual readers read it.
    @Test func kindsAreTheSchemas() {
        func geometry(_ schema: ObjectSchema, _ index: Int) -> FieldKind<Scene>? {
            if case .geometry(let field, _) = schema.slots[index] { field.kind } else { nil }
        }
        func keyboard(_ index: Int) -> FieldKind<KeyboardInfo>? {
            if case .keyboard(let field) = RequestSchema.keyboardObject.slots[index] { field.kind } else { nil }
        }
        func body(_ index: Int) -> FieldKind<RequestBody>? {
            if case .body(let field) = RequestSchema.top.slots[index] { field.kind } else { nil }
        }
        if case .string(let maxBytes, _, _) = body(UsualMember.sessionId) {
            #expect(maxBytes == Limits.sessionIdBytes)
        } else {
            Issue.record("sessionId")
        }
        if case .number(let range, _, _) = body(UsualMember.timestamp) {
            #expect(range == Limits.timestamp)
        } else {
            Issue.record("timestamp")
        }
        guard case .object = RequestSchema.top.slots[UsualMember.scrollView],
            case .object = RequestSchema.top.slots[UsualMember.keyboard]
        else {
            Issue.record("scrollView and keyboard are objects")
            return
        }
        guard case .size = geometry(RequestSchema.top, UsualMember.screen) else {
            Issue.record("screen")
            return
        }
        guard case .rect = geometry(RequestSchema.top, UsualMember.focusedRect) else {
            Issue.record("focusedRect")
            return
        }
        guard case .rect = geometry(RequestSchema.scrollView, UsualMember.frame) else {
            Issue.record("frame")
            return
        }
        guard case .insets(let range, _, _) = geometry(RequestSchema.scrollView, UsualMember.safeAreaInsets) else {
            Issue.record("safeAreaInsets")
            return
        }
        #expect(range == Limits.length)
        guard case .size = geometry(RequestSchema.scrollView, UsualMember.contentSize) else {
            Issue.record("contentSize")
            return
        }
        guard case .point = geometry(RequestSchema.scrollView, UsualMember.contentOffset) else {
            Issue.record("contentOffset")
            return
        }
        guard case .rect = keyboard(UsualMember.frameEnd), case .rect = keyboard(UsualMember.frameBegin) else {
            Issue.record("frameEnd and frameBegin")
            return
        }
        guard case .number(let duration, _, _) = keyboard(UsualMember.animationDuration) else {
            Issue.record("animationDuration")
            return
        }
        #expect(duration == Limits.animationDuration)
        guard case .integer(let curve, _, _) = keyboard(UsualMember.animationCurve) else {
            Issue.record("animationCurve")
            return
        }
        #expect(curve == Limits.animationCurve)
    }

    /// Bodies with the usual members in their usual order, with members the table reads after them, out of
    /// order, repeated, or not allowed: the usual readers and the table alone agree on each, for every kind.
    @Test func theUsualReadersAgreeWithTheTable() {
        let rect = #"{"x": 0, "y": 508, "width": 390, "height": 336}"#
        let bodies = [
            #"{"sessionId": "CbuU4KaY_tIrhsQGEICoPi", "timestamp": 12.5, "scrollView": {"frame": \#(rect), "#
                + #""safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0}, "contentSize": "#
                + #"{"width": 390, "height": 2000}, "contentOffset": {"x": 0, "y": -0}, "inverted": true}, "#
                + #""screen": {"width": 390, "height": 844}, "keyboard": {"frameEnd": \#(rect), "#
                + #""animationDuration": 0.25, "animationCurve": 7, "frameBegin": \#(rect), "isLocal": true}, "#
                + #""focusedRect": \#(rect), "keyboardDistance": 10}"#,
            #"{"scrollView": {"frame": \#(rect), "frame": \#(rect)}}"#,
            #"{"scrollView": {"contentSize": {"width": 1, "height": 2}, "frame": \#(rect)}}"#,
            #"{"keyboard": {"frameBegin": \#(rect), "frameEnd": \#(rect)}, "screen": {"width": 1, "height": 2}}"#,
            #"{"keyboard": {"animationCurve": 7.5}}"#, #"{"keyboard": {"animationCurve": 16}}"#,
            #"{"timestamp": 1, "sessionId": "a"}"#, #"{"sessionId": "a", "sessionId": "b"}"#,
            #"{"focusedRect": \#(rect), "focusedRect": \#(rect)}"#, #"{"keyboard": {"userInfo": {}}}"#,
            #"{"sessionId":"a","timestamp":1e3,"scrollView":{"frame":\#(rect)},"screen":{"width":1,"height":2}}"#,
            "{\n  \"screen\": {\n    \"width\": 390,\n    \"height\": 844\n  },\n  \"timestamp\": 5\n}",
            #"{"sessionId": "\u0041", "timestamp": -0, "keyboard": {"animationDuration": 10.5}}"#,
            #"{"velocity": {"y": 1}, "sessionId": "a"}"#, #"{"timestamp": 1, "field": "next"}"#, "{}", "{",
        ]
        for body in bodies {
            let bytes = Array(body.utf8)
            #expect(bytes.withUnsafeBufferPointer { FastPathAgreement.holds(for: $0) }, "\(body)")
        }
    }

    @Test func androidPositionsBitsAndKindsAreTheSchemas() {
        let top = RequestSchema.top
        let cases: [(ObjectSchema, Int, SceneValue)] = [
            (top, UsualAndroidMember.platform, .platform),
            (top, UsualAndroidMember.navigationMode, .navigationMode),
            (top, UsualAndroidMember.windowSoftInputMode, .windowSoftInputMode),
            (top, UsualAndroidMember.edgeToEdge, .edgeToEdge),
            (top, UsualAndroidMember.imeInsets, .imeInsets),
            (top, UsualAndroidMember.insetsAnimationCallback, .insetsAnimationCallback),
            (top, UsualAndroidMember.caretRect, .caretRect),
            (RequestSchema.systemBars, UsualAndroidMember.top, .top),
            (RequestSchema.systemBars, UsualAndroidMember.bottom, .bottom),
        ]
        for (schema, index, value) in cases {
            #expect(schema.names[index].description == "\(value)")
            guard case .geometry(let field, let bit) = schema.slots[index] else {
                Issue.record("\(value) is not a scene value in the schema")
                continue
            }
            #expect(bit == UsualAndroidMember.bit(value), "\(value)")
            switch (value, field.kind) {
            case (.platform, .choice(let names, _, _)): #expect(names == Platform.allCases.map(\.rawValue))
            case (.navigationMode, .choice(let names, _, _)):
                #expect(names == NavigationMode.allCases.map(\.rawValue))
            case (.windowSoftInputMode, .choice(let names, _, _)):
                #expect(names == SoftInputMode.allCases.map(\.rawValue))
            case (.imeInsets, .choice(let names, _, _)): #expect(names == ImeInsetsHandling.allCases.map(\.rawValue))
            case (.edgeToEdge, .bool), (.insetsAnimationCallback, .bool), (.caretRect, .rect): break
            case (.top, .number(let range, _, _)), (.bottom, .number(let range, _, _)): #expect(range == Limits.length)
            default: Issue.record("\(value) is read as another kind")
            }
        }
        #expect(top.names[UsualAndroidMember.systemBars].description == "systemBars")
    }

    /// Each choice's reader knows every name of its enum, and no other.
    @Test func androidChoicesSpellTheirEnums() {
        func check<T: RawRepresentable & CaseIterable & Equatable>(
            _ type: T.Type, _ match: (UnsafeBufferPointer<UInt8>) -> T?
        ) where T.RawValue == String {
            for value in T.allCases {
                #expect(Array(value.rawValue.utf8).withUnsafeBufferPointer(match) == value, "\(value)")
                for other in [value.rawValue.uppercased(), value.rawValue + "s", String(value.rawValue.dropLast())] {
                    #expect(Array(other.utf8).withUnsafeBufferPointer(match) == nil, "\(other)")
                }
            }
            #expect(Array("".utf8).withUnsafeBufferPointer(match) == nil)
        }
        check(Platform.self, UsualAndroidMember.platform)
        check(NavigationMode.self, UsualAndroidMember.navigationMode)
        check(SoftInputMode.self, UsualAndroidMember.softInputMode)
        check(ImeInsetsHandling.self, UsualAndroidMember.imeInsets)
    }

    /// Android bodies in the order the docs write them, with members skipped, out of order, repeated, escaped,
    /// unknown or of the wrong kind: the Android readers and the table alone agree on each, for every kind.
    @Test func theAndroidReadersAgreeWithTheTable() {
        let rect = #"{"x": 0, "y": 515, "width": 412, "height": 400}"#
        let window = #""screen": {"width": 412, "height": 915}, "systemBars": {"top": 24, "bottom": 48}"#
        let bodies = [
            #"{"platform": "android", \#(window), "navigationMode": "threeButton", "#
                + #""windowSoftInputMode": "adjustPan", "edgeToEdge": true, "imeInsets": "padding", "#
                + #""insetsAnimationCallback": false, "scrollView": {"frame": \#(rect), "contentSize": "#
                + #"{"width": 412, "height": 2000}, "contentOffset": {"x": 0, "y": 10}}, "focusedRect": \#(rect), "#
                + #""caretRect": \#(rect), "keyboard": {"frameEnd": \#(rect)}, "device": {"id": "pixel-9"}}"#,
            #"{"sessionId": "a", "timestamp": 2, "platform": "android", "keyboard": {"frameBegin": \#(rect)}}"#,
            #"{"platform": "ios", \#(window)}"#, #"{"platform": "windows"}"#, #"{"platform": "\u0061ndroid"}"#,
            #"{"platform": "android", "navigationMode": "gesture", "screen": {"width": 1, "height": 2}}"#,
            #"{"platform": "android", "systemBars": {"bottom": 48, "top": 24}}"#,
            #"{"platform": "android", "systemBars": {"top": 24, "top": 24}}"#,
            #"{"platform": "android", "systemBars": {"top": -1}}"#,
            #"{"platform": "android", "systemBars": {"top": 1, "bottom": 2, "left": 3}}"#,
            #"{"platform": "android", "windowSoftInputMode": "adjustNothing", "platform": "android"}"#,
            #"{"platform": "android", "windowSoftInputMode": "adjustResize ", "edgeToEdge": 1}"#,
            #"{"platform": "android", "imeInsets": "resize", "edgeToEdge": false, "imeInsets": "none"}"#,
            #"{"platform": "android", "insetsAnimationCallback": truex}"#,
            #"{"platform": "android", "caretRect": \#(rect), "focusedRect": \#(rect), "scrollPosition": "top"}"#,
            #"{"platform": "android", "keyboard": {"frameEnd": \#(rect), "animationDuration": 0.25}}"#,
            #"{"platform": "android", "navigationMode": "\u0067esture", "imeInsets": "n\u006fne"}"#,
            #"{"platform":"android","screen":{"width":1,"height":2},"edgeToEdge":true,"caretRect":\#(rect)}"#,
            #"{"platform": "android", "velocity": {"y": 1}, "sessionId": "a"}"#, #"{"platform": "android", }"#,
        ]
        for body in bodies {
            let bytes = Array(body.utf8)
            #expect(bytes.withUnsafeBufferPointer { FastPathAgreement.holds(for: $0) }, "\(body)")
        }
    }
}
