import Foundation
import InsetCore
import InsetJSON
import InsetSession
import Testing

@testable import InsetStores

/// The versioned JSON a shared store keeps a session in.
@Suite("Session record")
struct SessionRecordTests {
    /// Doubles whose text forms are easy to get wrong: negative zero, subnormals, the largest finite,
    /// sums that are not what they look like, integers past 2^53.
    static let awkward: [Double] = [
        -0.0, 0.1 + 0.2, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 1e21,
        9_007_199_254_740_994, 1.0 / 3.0, -123_456.789_012_345_6, 0.000_001, 844.5,
    ]

    static func value(_ index: Int) -> Double { awkward[index % awkward.count] }

    /// A session with every field set, every number awkward.
    static func everyField(offset: Int) -> Session {
        var n = offset
        func next() -> Double {
            n += 1
            return value(n)
        }
        func rect() -> Rect { Rect(x: next(), y: next(), width: next(), height: next()) }
        func insets() -> EdgeInsets { EdgeInsets(top: next(), left: next(), bottom: next(), right: next()) }
        func state() -> ScrollState {
            ScrollState(
                contentInset: insets(), scrollIndicatorInsets: insets(), contentOffset: Point(x: next(), y: next()))
        }
        let scrollView = ScrollViewGeometry(
            frame: rect(), contentInset: insets(), scrollIndicatorInsets: insets(), safeAreaInsets: insets(),
            contentInsetAdjustmentBehavior: .scrollableAxes, automaticallyAdjustsScrollIndicatorInsets: false,
            contentSize: Size(width: next(), height: next()), contentOffset: Point(x: next(), y: next()),
            alwaysBounceVertical: true)
        let geometry = Scene(
            scrollView: scrollView, contentSizeFollowsFrame: false,
            space: ScreenSpace(window: rect(), screen: Size(width: next(), height: next())), windowGiven: true,
            options: AvoidanceOptions(keyboardDistance: next(), baseInsetMode: .max, followsUndockedKeyboard: true))
        var keyboard = KeyboardInfo()
        keyboard.frameEnd = rect()
        keyboard.frameBegin = rect()
        keyboard.animationDuration = next()
        keyboard.animationCurve = 12
        keyboard.isLocal = false
        let target = InsetResult(
            contentInset: insets(), scrollIndicatorInsets: insets(), adjustedContentInset: insets(),
            contentOffset: Point(x: next(), y: next()), keyboardOverlap: next(), keyboardDocked: false)
        func values() -> AnimatedValues { AnimatedValues(state(), keyboardFrame: rect()) }
        var geometryWithMode = geometry
        geometryWithMode.interruption = .beginFromCurrentState
        geometryWithMode.options.scrollPosition = .center
        geometryWithMode.pinnedViews = [PinnedView(id: "composer", frame: rect())]
        geometryWithMode.fields = [
            FormField(id: "name", rect: rect(), order: next()), FormField(id: "notes \u{1F4DD}", rect: rect()),
        ]
        geometryWithMode.focus = "name"
        geometryWithMode.focusedRect = rect()
        // A device, held and keyboarded as asked: a rotation after a read-back must turn the same keyboard.
        geometryWithMode.device = DeviceSetting(id: "iphone-16-pro", orientation: .landscape, system: "26")
        geometryWithMode.device.keyboard = KeyboardSetting(predictive: false, type: .emoji, mode: .floating)
        // A container with every bar, laid out from awkward numbers: the record keeps what the layout started from.
        var container = Container()
        container.navigationBar = NavigationBar(style: .largeTitle, height: next())
        container.tabBar = TabBar(height: nil, hidden: true)
        container.toolbar = Toolbar(height: next(), hidden: false)
        container.inputAccessoryView = InputAccessoryView(height: next())
        container.topAppBar = AppBar(height: next())
        // A sheet with every kind of detent, placed as the service placed it, a popover at a frame sent, an
        // Android dialog of a size sent, or Material's bottom sheet with and without its state and peek height.
        var bottomSheet = Presentation(style: .bottomSheet)
        bottomSheet.contentHeight = next()
        if offset % 8 == 1 {
            bottomSheet.sheetState = .expanded
            bottomSheet.peekHeight = next()
        }
        let android = offset % 3 == 0 || offset % 4 == 1
        container.presentation =
            offset % 3 == 0
            ? Presentation(style: .dialog, size: Size(width: next(), height: next()))
            : offset % 4 == 1
                ? bottomSheet
                : offset % 2 == 0
                    ? Presentation(
                        style: .pageSheet, detents: [.medium, .custom(height: next()), .large],
                        selectedDetent: .custom(height: next()))
                    : Presentation(style: .popover, frame: rect())
        let presented =
            offset % 2 == 0
            ? PresentedView(
                style: .sheet, frame: rect(), detent: .large, expandedFrom: .custom(height: next()),
                expansionSource: "sheet-expands-on-focus")
            : PresentedView(style: .popover, frame: rect())
        geometryWithMode.container = ContainerState(
            container: container, size: Size(width: next(), height: next()), windowSafeArea: insets(),
            givenFrame: offset % 2 == 0 ? rect() : nil,
            heights: BarHeights(navigationBar: next(), toolbar: next(), bottomNavigation: next()),
            presented: android ? nil : presented, platform: android ? .android : .ios)
        let running = AdditiveAnimation(
            delta: values(), curve: AnimationCurve(rawValue: 2), duration: next(), startTime: next())
        let replaced = AdditiveAnimation(
            delta: values(), curve: AnimationCurve(rawValue: 9), duration: next(), startTime: next(),
            replacedAt: next(), offsetReplacedAt: next())
        // A target's pinned views are always the geometry's resting on its guide.
        var placed = target
        placed.pinnedViews = geometryWithMode.pinnedViews.map { $0.resting(on: target.keyboardLayoutGuide.minY) }
        return Session(
            id: SessionID.make(), scene: geometryWithMode, keyboardVisible: true, keyboard: keyboard,
            target: placed, keyboardFrame: rect(),
            animations: LiveAnimations(animations: [running, replaced], historyStart: next()), lastTime: next(),
            lastServerTime: next(), clockFixed: true)
    }

    /// Every double of the record, in writing order, as bit patterns.
    static func bitPatterns(_ record: [UInt8]) throws -> [UInt64] {
        var patterns: [UInt64] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .number(let number): patterns.append(number.bitPattern)
            case .array(let elements): elements.forEach(walk)
            case .object(let object): object.members.forEach { walk($0.value) }
            default: break
            }
        }
        walk(try JSONParser.parse(record))
        return patterns
    }

    @Test(arguments: 0..<11) func everyFieldRoundTripsBitForBit(offset: Int) throws {
        let session = Self.everyField(offset: offset)
        let record = SessionRecord.encode(session, revision: 41)
        let (decoded, revision) = try SessionRecord.decode(record)
        #expect(decoded == session)
        #expect(revision == 41)
        #expect(SessionRecord.encode(decoded, revision: 41) == record)
        // Equality says -0 == 0; the bits must match as well.
        let original = try Self.bitPatterns(record)
        #expect(original.contains((-0.0).bitPattern))
        #expect(try Self.bitPatterns(SessionRecord.encode(decoded, revision: 41)) == original)
        #expect(decoded.lastTime.bitPattern == session.lastTime.bitPattern)
        #expect(
            decoded.animations.animations.map(\.startTime.bitPattern)
                == session.animations.animations.map(\.startTime.bitPattern))
    }

    @Test func aSessionWithoutADeviceStoresNoneAndReadsBackNone() throws {
        let session = try SessionStoringTests.session()
        let record = SessionRecord.encode(session, revision: 0)
        let text = String(decoding: record, as: UTF8.self)
        for key in ["di", "do", "ds", "kp", "kt", "km"] { #expect(text.contains("\"\(key)\":null")) }
        #expect(try SessionRecord.decode(record).0.scene.device == DeviceSetting())
    }

    @Test func aFreshSessionRoundTrips() throws {
        let session = try SessionStoringTests.session()
        let (decoded, _) = try SessionRecord.decode(SessionRecord.encode(session, revision: 0))
        #expect(decoded == session)
        #expect(decoded.keyboard == nil && decoded.animations.animations.isEmpty && !decoded.clockFixed)
        #expect(decoded.keyboardFrame == nil)
    }

    /// What version 1 looked like on the wire when the schema table came in (written by the release before it):
    /// a replica of a later release must still read it.
    @Test func readsAVersionOneRecord() throws {
        let text = """
            {"v":1,"r":3,"id":"AAAAAAAAAAAAAAAAAAAAAA","t":[1100,52.5],"cf":true,"kv":false,\
            "g":{"f":[0,0,390,844],"ci":[0,0,0,0],"si":[0,0,0,0],"sa":[47,0,34,0],"b":"automatic","aa":true,\
            "cs":[390,2000],"co":[0,-47],"bv":false,"csf":false,"w":[0,0,0,0],"s":[390,844],"wg":false,\
            "kd":10,"m":"additive","fu":false},\
            "k":{"fe":[0,844,390,336],"fb":null,"d":0.25,"c":7,"l":null},\
            "tg":{"ci":[0,0,0,0],"si":[0,0,0,0],"ai":[47,0,34,0],"co":[0,-47],"o":0,"d":true},\
            "a":{"f":[0,0,302,0,0,0,302,0,0,246],"to":[0,0,0,0,0,0,0,0,0,-47],"c":7,"d":0.25,"s":1100}}
            """
        let (session, revision) = try SessionRecord.decode(Array(text.utf8))
        #expect(revision == 3)
        #expect(session.lastTime == 1100 && session.lastServerTime == 52.5 && session.clockFixed)
        #expect(session.scene.scrollView.safeAreaInsets.bottom == 34)
        #expect(session.keyboard?.frameEnd == Rect(x: 0, y: 844, width: 390, height: 336))
        // Its one animation reads back as the additive one with the same values: from − to, down to zero.
        #expect(session.presentation(at: 1100).contentOffset.y == 246)
        #expect(session.presentation(at: 1100).contentInset.bottom == 302)
        #expect(session.animations.animations.count == 1 && session.animations.historyStart == 1100)
        #expect(session.phase(at: 1200) == .hiding)
        // That release stored an unsent window as zeros; it reads back as the screen-sized window it echoed.
        #expect(session.scene.space.window == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(!session.scene.windowGiven && !session.scene.contentSizeFollowsFrame)
        let (again, _) = try SessionRecord.decode(SessionRecord.encode(session, revision: 3))
        #expect(again == session)
    }

    /// A record without the members a later release added reads with their defaults, so adding a member needs
    /// no new version.
    @Test func missingMembersTakeTheirDefaults() throws {
        let text = """
            {"v":1,"r":0,"id":"AAAAAAAAAAAAAAAAAAAAAA","t":[0,0],"cf":false,"kv":false,\
            "g":{"f":[0,0,390,844]},"k":{"fe":[0,508,390,336]},\
            "tg":{"ci":[0,0,0,0],"si":[0,0,0,0],"ai":[0,0,0,0],"co":[0,0],"o":0,"d":true},"a":null}
            """
        let (session, _) = try SessionRecord.decode(Array(text.utf8))
        var expected = Scene()
        expected.setFrame(Rect(x: 0, y: 0, width: 390, height: 844))
        expected.settleWindow()
        #expect(session.scene == expected)
        #expect(session.scene.options == AvoidanceOptions())
        #expect(session.keyboard?.animationDuration == KeyboardInfo.defaultDuration)
        #expect(session.keyboard?.animationCurve == KeyboardInfo.defaultCurve)
        #expect(session.keyboard?.isLocal == nil && session.keyboard?.frameBegin == nil)
    }

    @Test func refusesOtherVersionsAndDamage() {
        let good = SessionRecord.encode(Self.everyField(offset: 0), revision: 1)
        // Version 2 is an Android session's, 3 a web session's; 4 is a later release's.
        let later = Array(String(decoding: good, as: UTF8.self).replacingFirst(#""v":1"#, with: #""v":4"#).utf8)
        #expect(throws: SessionRecord.Unreadable(reason: "schema version 4")) { try SessionRecord.decode(later) }
        #expect(throws: SessionRecord.Unreadable.self) { try SessionRecord.decode(Array(good.dropLast())) }
        #expect(throws: SessionRecord.Unreadable.self) { try SessionRecord.decode(Array(#"{"v":1}"#.utf8)) }
    }
}

extension String {
    /// The string with its first `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// A record written with the previous record's geometry text is the record written from scratch.
@Suite("Session record: the geometry's text reused")
struct SessionRecordReuseTests {
    /// The record of `next` written with `previous`'s geometry text, as text (a failure then reads as JSON).
    static func reused(_ previous: Session, _ next: Session) -> String {
        let (bytes, range) = SessionRecord.encode(previous, revision: 1, reusing: nil)
        let text = SessionRecord.GeometryText(geometry: previous.scene, text: bytes[range])
        return String(decoding: SessionRecord.encode(next, revision: 2, reusing: text).bytes, as: UTF8.self)
    }

    /// The record of `next` written from scratch, as text.
    static func fresh(_ next: Session) -> String {
        String(decoding: SessionRecord.encode(next, revision: 2), as: UTF8.self)
    }

    @Test(arguments: 0..<11) func aChangeBesideTheGeometryCopiesItsText(offset: Int) throws {
        let previous = SessionRecordTests.everyField(offset: offset)
        var next = previous
        next.keyboardVisible.toggle()
        next.keyboardFrame = Rect(x: 0, y: 500, width: 390, height: 344)
        #expect(Self.reused(previous, next) == Self.fresh(next))
    }

    @Test func theRangeIsTheGeometrysValue() throws {
        let session = SessionRecordTests.everyField(offset: 3)
        let (bytes, range) = SessionRecord.encode(session, revision: 5, reusing: nil)
        guard case .object(let record) = try JSONParser.parse(bytes) else { throw SessionRecord.Unreadable(reason: "") }
        #expect(try JSONParser.parse(Array(bytes[range])) == record["g"])
    }

    /// Equal geometries may differ in text: `0 == -0`, and a record writes `-0` as `-0.0`. Compared with `==`, the
    /// new record kept the old `0` and read back a different bit pattern.
    @Test(arguments: [(0.0, -0.0), (-0.0, 0.0)]) func aGeometryEqualButNotTheSameBitsIsWrittenAgain(
        before: Double, after: Double
    ) throws {
        var previous = SessionRecordTests.everyField(offset: 0)
        previous.scene.scrollView.contentOffset.y = before
        var next = previous
        next.scene.scrollView.contentOffset.y = after
        #expect(previous.scene == next.scene)
        let record = Self.reused(previous, next)
        #expect(record == Self.fresh(next))
        let (decoded, _) = try SessionRecord.decode(Array(record.utf8))
        #expect(decoded.scene.scrollView.contentOffset.y.bitPattern == after.bitPattern)
    }

    @Test func aChangedGeometryIsWrittenAgain() throws {
        let previous = SessionRecordTests.everyField(offset: 2)
        var next = previous
        next.scene.scrollView.contentSize.height += 100
        next.scene.pinnedViews.append(PinnedView(id: "toolbar", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(Self.reused(previous, next) == Self.fresh(next))
    }
}
