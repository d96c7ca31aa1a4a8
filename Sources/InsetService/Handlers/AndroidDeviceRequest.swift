import InsetCore
import InsetDevices
import InsetSession

/// An Android request by device: the catalogue's screen, bars and IME written into the event where the request
/// sent none. What the catalogue does not have for the device, held so and in that navigation mode, and the
/// request did not send either, is refused, naming the member to send.
///
/// On a session, a value follows the device only when the event changes the device, how it is held or its
/// navigation, and the session's value is the one the old setting gave (as `DeviceCatalogue.resolve` rules for
/// iOS): a value the client set over the device's stays the client's.
enum AndroidDeviceRequest {
    /// What the device gives for one setting: its screen, bars and IME, each nil where the catalogue has none.
    struct Numbers: Equatable {
        var screen: Size
        var statusBar: Double?
        var navigationBar: Double?
        var ime: Double?

        init(_ device: AndroidDevice, _ orientation: DeviceOrientation, _ mode: NavigationMode) {
            screen = device.screenSize(orientation)
            statusBar = device.statusBars.first { $0.orientation == orientation }?.height
            navigationBar = device.navigationBars.first { $0.orientation == orientation && $0.mode == mode }?.height
            ime = device.imes.first { $0.orientation == orientation }?.height
        }

        /// The IME's frame in the window: the catalogue's height, from the screen's bottom.
        var imeFrame: Rect? {
            ime.map { Rect(x: 0, y: screen.height - $0, width: screen.width, height: $0) }
        }
    }

    /// The members that name a device or how it is held: without a session, `resolve` changes nothing and
    /// refuses nothing unless the event gives one of them.
    static let naming: SceneValues = [SceneValues(.id), SceneValues(.orientation)]

    /// Fills `event` from the device its scene names, or `base`'s (a session's), then lays out the app bars of
    /// its container (`docs/containers.md`) over the system bars. `showing`: a show, or a change while the IME
    /// shows, needs the IME's frame. Answers the IME's frame the catalogue gave, if it gave one.
    @discardableResult
    static func resolve(
        _ event: inout KeyboardEvent, showing: Bool, over base: Scene?, in catalogue: DeviceCatalogue
    ) throws(SessionError) -> Rect? {
        let ime = try resolveDevice(&event, showing: showing, over: base, in: catalogue)
        guard DeviceRequest.inContainer(event.scene.given, base: base) else { return ime }
        var none: DeviceResolution?
        do {
            try catalogue.layOutContainer(&event, over: base, resolution: &none)
        } catch {
            throw .invalidMembers(error.problems)
        }
        return ime
    }

    /// The device's part of `resolve`: nothing when neither the event nor `base` names a device.
    private static func resolveDevice(
        _ event: inout KeyboardEvent, showing: Bool, over base: Scene?, in catalogue: DeviceCatalogue
    ) throws(SessionError) -> Rect? {
        let patch = event.scene
        if !patch.given.isDisjoint(with: naming),
            (patch.given.contains(SceneValues(.id)) ? patch.values.device.id : base?.device.id) == nil
        {
            throw .invalidMembers([
                MemberProblem(pointer: "/device/id", message: "is required: no device is named to hold so")
            ])
        }
        guard let id = patch.given.contains(SceneValues(.id)) ? patch.values.device.id : base?.device.id else {
            return nil
        }
        guard let device = catalogue.androidDevice(id) else {
            throw .invalidMembers([
                MemberProblem(pointer: "/device/id", message: "names no Android device of the catalogue ('\(id)')")
            ])
        }
        let orientation =
            (patch.given.contains(SceneValues(.orientation)) ? patch.values.device.orientation : nil)
            ?? base?.device.orientation ?? .portrait
        let mode =
            patch.given.contains(SceneValues(.navigationMode))
            ? patch.values.android.navigationMode : base?.android.navigationMode ?? .gesture
        let numbers = Numbers(device, orientation, mode)
        // The old setting's numbers, which a session's values follow when they are still those.
        var old: Numbers?
        if let base, let oldId = base.device.id, let oldDevice = catalogue.androidDevice(oldId) {
            old = Numbers(oldDevice, base.device.orientation ?? .portrait, base.android.navigationMode)
        }
        let changed = base == nil || old != numbers
        var problems: [MemberProblem] = []
        func fill(
            _ value: SceneValue, _ pointer: String, _ what: String, _ number: Double?, current: Double?,
            oldNumber: Double?, set: (inout Scene, Double) -> Void
        ) {
            guard !patch.given.contains(SceneValues(value)), changed else { return }
            // On a session, a value the client set over the device's (or, without a device, at all) stays.
            if base != nil, current != (old == nil ? 0 : oldNumber) { return }
            guard let number else {
                problems.append(missing(pointer, what, device, orientation))
                return
            }
            set(&event.scene.values, number)
            event.scene.given.formUnion(SceneValues(value))
        }
        if !patch.given.contains(.screen), changed, base == nil || base?.space.screen == old?.screen {
            event.scene.values.space.screen = numbers.screen
            event.scene.given.formUnion(.screen)
        }
        fill(
            .top, "/systemBars/top", "status bar", numbers.statusBar, current: base?.android.statusBar,
            oldNumber: old?.statusBar
        ) { $0.android.statusBar = $1 }
        fill(
            .bottom, "/systemBars/bottom", "\(mode.rawValue) navigation bar", numbers.navigationBar,
            current: base?.android.navigationBar, oldNumber: old?.navigationBar
        ) { $0.android.navigationBar = $1 }
        var ime: Rect?
        if showing, event.keyboard.frameEnd == nil {
            if let frame = numbers.imeFrame {
                event.keyboard.frameEnd = frame
                ime = frame
            } else {
                problems.append(missing("/keyboard/frameEnd", "IME height", device, orientation))
            }
        }
        guard problems.isEmpty else { throw .invalidMembers(problems) }
        return ime
    }

    private static func missing(
        _ pointer: String, _ what: String, _ device: AndroidDevice, _ orientation: DeviceOrientation
    ) -> MemberProblem {
        MemberProblem(
            pointer: pointer,
            message:
                "is required: the catalogue has no \(what) for \(device.name) in \(orientation.rawValue) (GET /devices/\(device.id) says what it has)"
        )
    }
}
