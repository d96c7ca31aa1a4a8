import InsetCore
import InsetDevices
import InsetSession
import Testing

/// How a request by device takes the catalogue's numbers: only where it sent none, and on a session only where the
/// number held the device's before.
@Suite("Requests by device")
struct DeviceResolutionTests {
    let catalogue = DeviceCatalogue.standard

    func event(_ setting: DeviceSetting, given: SceneValues = [SceneValues(.id)]) -> KeyboardEvent {
        var event = KeyboardEvent()
        event.scene.values.device = setting
        event.scene.given = given
        return event
    }

    @Test func aShowByDeviceGetsTheScreenTheFullScreenScrollViewItsSafeAreaAndTheKeyboard() throws {
        var show = event(DeviceSetting(id: "iphone-16-pro"))
        let resolution = try #require(try catalogue.resolve(&show, for: .show, over: nil))
        #expect(show.scene.values.space.screen == Size(width: 402, height: 874))
        #expect(show.scene.values.scrollView.frame == Rect(x: 0, y: 0, width: 402, height: 874))
        #expect(show.scene.values.scrollView.safeAreaInsets == EdgeInsets(top: 62, left: 0, bottom: 34, right: 0))
        #expect(show.keyboard.frameEnd == Rect(x: 0, y: 874 - 335, width: 402, height: 335))
        #expect(
            resolution.values.map(\.pointer) == [
                "/screen", "/scrollView/frame", "/scrollView/safeAreaInsets", "/keyboard/frameEnd",
            ])
        #expect(resolution.values.last?.system == "26.5")
        #expect(resolution.values.last?.source == "device-preview-probe")
    }

    @Test func landscapeTurnsTheScreenAndTakesTheLandscapeKeyboard() throws {
        var show = event(
            DeviceSetting(id: "iphone-16-pro", orientation: .landscape),
            given: [SceneValues(.id), SceneValues(.orientation)])
        _ = try catalogue.resolve(&show, for: .show, over: nil)
        #expect(show.scene.values.space.screen == Size(width: 874, height: 402))
        #expect(show.scene.values.scrollView.safeAreaInsets == EdgeInsets(top: 0, left: 62, bottom: 20, right: 62))
        #expect(show.keyboard.frameEnd == Rect(x: 0, y: 402 - 208, width: 874, height: 208))
    }

    @Test func whatTheRequestSendsWinsAndTheSafeAreaIsWhatOverlapsItsScrollView() throws {
        var show = event(DeviceSetting(id: "iphone-16"), given: [SceneValues(.id), .frame])
        // A scroll view under a 44-pt navigation bar and above a 49-pt tab bar (plus the home indicator's 34).
        show.scene.values.setFrame(Rect(x: 0, y: 103, width: 393, height: 852 - 103 - 83))
        show.keyboard.frameEnd = Rect(x: 0, y: 500, width: 393, height: 352)
        let resolution = try #require(try catalogue.resolve(&show, for: .show, over: nil))
        #expect(show.scene.values.scrollView.frame.y == 103)
        #expect(show.scene.values.scrollView.safeAreaInsets == .zero)
        #expect(show.keyboard.frameEnd?.height == 352)
        #expect(resolution.values.map(\.pointer) == ["/screen", "/scrollView/safeAreaInsets"])
    }

    @Test func aScrollViewReachingTheBottomHasTheHomeIndicatorInItsSafeArea() {
        let insets = SafeAreaOverlap.of(
            Rect(x: 0, y: 100, width: 393, height: 752), area: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
            screen: Size(width: 393, height: 852))
        #expect(insets == EdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
    }

    @Test func anUnknownDeviceOrAConfigurationWithoutDataIsRefusedByName() {
        var unknown = event(DeviceSetting(id: "iphone-1"))
        #expect(throws: DeviceRefusal.self) { try catalogue.resolve(&unknown, for: .show, over: nil) }
        var split = event(DeviceSetting(id: "ipad-pro-13-m4"), given: [SceneValues(.id), SceneValues(.mode)])
        split.scene.values.device.keyboard.mode = .split
        do {
            _ = try catalogue.resolve(&split, for: .show, over: nil)
            Issue.record("a split keyboard nobody measured was answered")
        } catch {
            #expect(error.problems.first?.pointer == "/keyboard/mode")
            #expect(error.problems.first?.message.contains("split") == true)
        }
        var stray = KeyboardEvent()
        stray.scene.given = [SceneValues(.predictive)]
        do {
            _ = try catalogue.resolve(&stray, for: .show, over: nil)
            Issue.record("a keyboard setting without a device was answered")
        } catch {
            #expect(error.problems.first?.pointer == "/keyboard/predictive")
        }
        var release = event(
            DeviceSetting(id: "iphone-17", system: "18"), given: [SceneValues(.id), SceneValues(.system)])
        #expect(throws: DeviceRefusal.self) { try catalogue.resolve(&release, for: .show, over: nil) }
    }

    @Test func aRotationTurnsWhatHeldTheDevicesNumbersAndKeepsWhatWasSetOtherwise() throws {
        var create = event(DeviceSetting(id: "iphone-16"))
        _ = try catalogue.resolve(&create, for: .scene, over: nil)
        let scene = create.scene.created
        let keyboard = Rect(x: 0, y: 852 - 335, width: 393, height: 335)
        var turn = event(DeviceSetting(id: nil, orientation: .landscape), given: [SceneValues(.orientation)])
        let resolution = try #require(try catalogue.resolve(&turn, for: .scene, over: scene, shownKeyboard: keyboard))
        #expect(turn.scene.values.space.screen == Size(width: 852, height: 393))
        #expect(turn.scene.values.scrollView.frame == Rect(x: 0, y: 0, width: 852, height: 393))
        #expect(turn.scene.values.scrollView.safeAreaInsets == EdgeInsets(top: 0, left: 59, bottom: 20, right: 59))
        #expect(resolution.movedKeyboard == Rect(x: 0, y: 393 - 208, width: 852, height: 208))
        #expect(resolution.setting.id == "iphone-16")

        // A scroll view the client framed itself keeps its frame through the turn.
        var framed = scene
        framed.setFrame(Rect(x: 0, y: 103, width: 393, height: 666))
        var again = event(DeviceSetting(id: nil, orientation: .landscape), given: [SceneValues(.orientation)])
        _ = try catalogue.resolve(&again, for: .scene, over: framed)
        #expect(!again.scene.given.contains(.frame))
        #expect(again.scene.given.contains(.screen))
        // A keyboard the client placed itself is not moved.
        let moved = try catalogue.resolve(
            &again, for: .scene, over: scene, shownKeyboard: Rect(x: 0, y: 500, width: 393, height: 352))
        #expect(moved?.movedKeyboard == nil)
    }

    @Test func anEventOnASessionOnADeviceTakesOnlyTheKeyboard() throws {
        var create = event(DeviceSetting(id: "iphone-se-3"))
        _ = try catalogue.resolve(&create, for: .scene, over: nil)
        let scene = create.scene.created
        var show = KeyboardEvent()
        let resolution = try #require(try catalogue.resolve(&show, for: .show, over: scene))
        #expect(show.scene.given.isEmpty)
        #expect(show.keyboard.frameEnd == Rect(x: 0, y: 667 - 260, width: 375, height: 260))
        #expect(resolution.values.map(\.pointer) == ["/keyboard/frameEnd"])
        #expect(resolution.values.first?.measuredOn == nil)
    }
}

extension DeviceResolutionTests {
    /// A device library's safe area whose release it does not state: taken when no release is asked, its source
    /// named and no release claimed for it; asked for a release, it is not that release's, so the request is
    /// refused. The iPhone 12 mini has QMUI_iOS's 50-pt top, as device_sim measures on the same screen's 13 mini.
    @Test func aSafeAreaWithoutItsReleaseIsTakenOnlyWhenNoReleaseIsAsked() throws {
        var session = event(DeviceSetting(id: "iphone-12-mini"))
        let resolution = try #require(try catalogue.resolve(&session, for: .scene, over: nil))
        #expect(session.scene.values.scrollView.safeAreaInsets == EdgeInsets(top: 50, left: 0, bottom: 34, right: 0))
        let safeArea = try #require(resolution.values.first { $0.pointer == "/scrollView/safeAreaInsets" })
        #expect(safeArea.source == "qmui-safe-areas")
        #expect(safeArea.system == nil)
        var onRelease = event(
            DeviceSetting(id: "iphone-12-mini", system: "18"), given: [SceneValues(.id), SceneValues(.system)])
        #expect(throws: DeviceRefusal.self) { try catalogue.resolve(&onRelease, for: .scene, over: nil) }
    }
}
