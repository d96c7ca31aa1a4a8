import InsetCore
import InsetSession

/// A number a request took from the catalogue instead of sending it: where it went, what it is, and whose it is.
public struct CatalogueValue: Equatable, Sendable {
    /// The kinds of number a device gives.
    public enum Value: Equatable, Sendable {
        case size(Size)
        case insets(EdgeInsets)
        case rect(Rect)
        /// A single length: a bar's default height.
        case length(Double)
    }

    /// The member it stands for, as an RFC 6901 pointer into the request (`/keyboard/frameEnd`).
    public var pointer: String
    /// The number itself.
    public var value: Value
    /// The catalogue's source that published it.
    public var source: String
    /// For a keyboard, the iOS release it was measured on, when the source says.
    public var system: String?
    /// For a keyboard measured on another device with the same screen and safe area, that device.
    public var measuredOn: String?
}

/// What a request by device became: the device, the setting it asked for (merged over the session's), and every
/// number taken from the catalogue.
public struct DeviceResolution: Sendable {
    /// The device named.
    public var device: Device
    /// The device, orientation, release and keyboard in force after the request.
    public var setting: DeviceSetting
    /// The numbers the request did not send and the catalogue gave, in the request's member order.
    public var values: [CatalogueValue] = []
    /// For a session's change that turns a shown keyboard with its device (a rotation), the keyboard's new frame.
    public var movedKeyboard: Rect?
}

/// Why a request by device cannot be answered: the members at fault, each with the reason.
public struct DeviceRefusal: Error, Equatable {
    /// Each member at fault, with why.
    public var problems: [MemberProblem]

    init(_ pointer: String, _ message: String) {
        problems = [MemberProblem(pointer: pointer, message: message)]
    }

    init(problems: [MemberProblem]) {
        self.problems = problems
    }
}

extension DeviceCatalogue {
    /// What a request is for: a show, a hide, or a scene alone (a new session, a session's patch).
    public enum Use: Sendable {
        case show, hide, scene
    }

    /// Writes into `event` the numbers its device gives that it did not send, for a request of `use` on `base`
    /// (a session's scene; nil for a stateless call or a new session) whose keyboard is at `shownKeyboard` when
    /// shown. A number sent wins over the device's; on a session, a number that held the device's before the
    /// request follows the device (a rotation turns the screen, the full-screen scroll view, its safe area and a
    /// shown keyboard), and one set otherwise stays. Nil when neither the request nor the session names a device.
    public func resolve(
        _ event: inout KeyboardEvent, for use: Use, over base: Scene?, shownKeyboard: Rect? = nil
    ) throws(DeviceRefusal) -> DeviceResolution? {
        let patch = event.scene
        let given = patch.given
        let before = base?.device ?? DeviceSetting()
        var setting = before
        let asked = patch.values.device
        if given.contains(SceneValues(.id)) { setting.id = asked.id }
        if given.contains(SceneValues(.orientation)) { setting.orientation = asked.orientation }
        if given.contains(SceneValues(.system)) { setting.system = asked.system }
        if given.contains(SceneValues(.predictive)) { setting.keyboard.predictive = asked.keyboard.predictive }
        if given.contains(SceneValues(.type)) { setting.keyboard.type = asked.keyboard.type }
        if given.contains(SceneValues(.mode)) { setting.keyboard.mode = asked.keyboard.mode }
        guard let id = setting.id else {
            if !given.isDisjoint(with: .device) { throw DeviceRefusal("/device/id", "is required to name a device") }
            if let member = Self.keyboardMember(given) {
                throw DeviceRefusal("/keyboard/" + member, "describes a device's keyboard: send /device with it")
            }
            return nil
        }
        guard let device = device(id) else {
            if let android = androidDevice(id) {
                throw DeviceRefusal(
                    "/device/id", "names the \(android.name), an Android device: send \"platform\": \"android\" with it"
                )
            }
            throw DeviceRefusal("/device/id", "names no device in the catalogue ('\(id)'; GET /devices lists them)")
        }
        if let system = setting.system, !device.systems.contains(system) {
            throw DeviceRefusal(
                "/device/system",
                "must be a release the \(device.name) runs of those the catalogue covers: "
                    + device.systems.joined(separator: ", "))
        }
        guard let area = device.safeArea(setting) else {
            let release = setting.system.map { " on iOS \($0)" } ?? ""
            throw DeviceRefusal(
                given.contains(SceneValues(.orientation)) ? "/device/orientation" : "/device/id",
                "the catalogue has no published safe area for the \(device.name) in \(setting.held.rawValue)"
                    + "\(release) (GET /devices/\(device.id) lists what it has)")
        }
        var resolution = DeviceResolution(device: device, setting: setting)
        // What the device gave before the request, when the session was on a device: a value that still holds
        // it follows the device.
        let oldLayout = before.id.flatMap { self.device($0) }.flatMap { Layout(device: $0, setting: before) }
        let turned = base != nil && !given.isDisjoint(with: .device)
        func follows(_ value: SceneValue, _ current: Bool) -> Bool {
            guard !given.contains(SceneValues(value)) else { return false }
            guard base != nil else { return true }
            return turned && (before.id == nil || current)
        }
        let screen = device.screenSize(setting.held)
        if follows(.screen, base?.space.screen == nil || base?.space.screen == oldLayout?.screen) {
            event.scene.values.space.screen = screen
            event.scene.given.insert(.screen)
            resolution.values.append(
                CatalogueValue(pointer: "/screen", value: .size(screen), source: device.screen.source))
        }
        let fullScreen = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        if follows(.frame, base?.scrollView.frame == oldLayout?.fullScreen) {
            event.scene.values.setFrame(fullScreen)
            event.scene.given.insert(.frame)
            resolution.values.append(
                CatalogueValue(pointer: "/scrollView/frame", value: .rect(fullScreen), source: device.screen.source))
        }
        let frame = event.scene.given.contains(.frame) ? event.scene.values.scrollView.frame : base?.scrollView.frame
        let window =
            given.contains(SceneValues(.window))
            ? event.scene.values.space.window.origin : (base?.windowGiven == true ? base?.space.window.origin : nil)
        let baseArea = base.flatMap { base in
            oldLayout.map {
                SafeAreaOverlap.of(base.scrollView.frame, area: $0.area, screen: $0.screen, window: window)
            }
        }
        if let frame, follows(.safeAreaInsets, base?.scrollView.safeAreaInsets == baseArea) {
            let insets = SafeAreaOverlap.of(frame, area: area.insets, screen: screen, window: window)
            event.scene.values.scrollView.safeAreaInsets = insets
            event.scene.given.insert(.safeAreaInsets)
            resolution.values.append(
                CatalogueValue(
                    pointer: "/scrollView/safeAreaInsets", value: .insets(insets), source: area.source,
                    system: area.system, measuredOn: area.measuredOn))
        }
        switch use {
        case .show where event.keyboard.frameEnd == nil:
            let keyboard = try self.keyboard(device, setting, given)
            event.keyboard.frameEnd = keyboard.frame
            resolution.values.append(keyboard.value("/keyboard/frameEnd"))
        case .hide where base == nil && event.keyboard.frameBegin == nil:
            // A stateless hide starts from the keyboard the device shows, when the catalogue has it.
            if let keyboard = try? self.keyboard(device, setting, given) {
                event.keyboard.frameBegin = keyboard.frame
                resolution.values.append(keyboard.value("/keyboard/frameBegin"))
            }
        case .scene:
            let changed = !given.isDisjoint(with: [.device, .keyboardSetting])
            if changed, let shownKeyboard, let oldLayout, shownKeyboard == oldLayout.keyboard?.frame {
                let keyboard = try self.keyboard(device, setting, given)
                resolution.movedKeyboard = keyboard.frame
                resolution.values.append(keyboard.value("/keyboard/frameEnd"))
            }
        default: break
        }
        return resolution
    }

    /// The keyboard `setting` asks for on `device`, or why the catalogue has none.
    private func keyboard(
        _ device: Device, _ setting: DeviceSetting, _ given: SceneValues
    ) throws(DeviceRefusal) -> KeyboardMeasurement {
        if let keyboard = device.keyboard(setting) { return keyboard }
        let keys = setting.keyboard.shown
        let bar =
            keys.type == .emoji ? "" : keys.predictive ? " with the predictive bar" : " without the predictive bar"
        let release = setting.system.map { " on iOS \($0)" } ?? ""
        throw DeviceRefusal(
            Self.keyboardMember(given).map { "/keyboard/" + $0 } ?? "/device/id",
            "the catalogue has no published frame for the \(keys.type.rawValue) keyboard\(bar), \(keys.mode.rawValue), "
                + "on the \(device.name) in \(setting.held.rawValue)\(release) (GET /devices/\(device.id) "
                + "lists what it has)")
    }

    /// The first keyboard member the request sent, for a problem's pointer.
    private static func keyboardMember(_ given: SceneValues) -> String? {
        if given.contains(SceneValues(.mode)) { return "mode" }
        if given.contains(SceneValues(.type)) { return "type" }
        if given.contains(SceneValues(.predictive)) { return "predictive" }
        return nil
    }
}

/// The safe area UIKit gives a view: how far each of the screen's unsafe edges reaches into it.
public enum SafeAreaOverlap {
    /// The safe area of a view at `frame` in a window at `window` (nil: the screen's origin) on a screen of size
    /// `screen` whose own safe area is `area`.
    public static func of(_ frame: Rect, area: EdgeInsets, screen: Size, window: Point? = nil) -> EdgeInsets {
        let frame = frame.offsetBy(dx: window?.x ?? 0, dy: window?.y ?? 0)
        func clamp(_ value: Double, _ length: Double) -> Double { min(max(0, value), max(0, length)) }
        return EdgeInsets(
            top: clamp(area.top - frame.minY, frame.height),
            left: clamp(area.left - frame.minX, frame.width),
            bottom: clamp(frame.maxY - (screen.height - area.bottom), frame.height),
            right: clamp(frame.maxX - (screen.width - area.right), frame.width))
    }
}

/// What a device in one setting gives: its screen, a full-screen view's frame, the safe area and the keyboard.
private struct Layout {
    let screen: Size
    let fullScreen: Rect
    let area: EdgeInsets
    let keyboard: KeyboardMeasurement?

    init?(device: Device, setting: DeviceSetting) {
        guard let area = device.safeArea(setting) else { return nil }
        screen = device.screenSize(setting.held)
        fullScreen = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        self.area = area.insets
        keyboard = device.keyboard(setting)
    }
}

extension Device {
    /// The keyboard `setting` asks for: measured on its release when it names one, else the newest published.
    public func keyboard(_ setting: DeviceSetting) -> KeyboardMeasurement? {
        Self.newest(
            keyboards.filter { $0.matches(setting.keyboard, setting.held) }, release: setting.system, \.system)
    }

    /// The safe area in `setting`'s orientation: measured on its release when it names one, else the newest
    /// published.
    public func safeArea(_ setting: DeviceSetting) -> SafeAreaMeasurement? {
        Self.newest(safeAreas.filter { $0.orientation == setting.held }, release: setting.system, \.system)
    }

    /// Of `measurements`, those of the major release `release` when it is given, the newest (those whose release
    /// the source does not give come last; of equals, the first).
    private static func newest<M>(_ measurements: [M], release: String?, _ system: KeyPath<M, String?>) -> M? {
        let wanted = release.flatMap(SystemRelease.init)
        var best: (measurement: M, release: SystemRelease?)?
        for measurement in measurements {
            let release = measurement[keyPath: system].flatMap(SystemRelease.init)
            if let wanted, release?.major != wanted.major { continue }
            guard let current = best else {
                best = (measurement, release)
                continue
            }
            if let release, current.release.map({ $0 < release }) ?? true { best = (measurement, release) }
        }
        return best?.measurement
    }
}

extension KeyboardMeasurement {
    /// This keyboard's frame as the value of the member at `pointer`.
    func value(_ pointer: String) -> CatalogueValue {
        CatalogueValue(pointer: pointer, value: .rect(frame), source: source, system: system, measuredOn: measuredOn)
    }
}
