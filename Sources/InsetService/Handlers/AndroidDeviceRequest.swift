import InsetCore
import InsetDevices
import InsetSession

/// An Android request by device: the catalogue's screen, bars and IME written into the event where the request
/// sent none. What the catalogue does not have for the device, held so and in that navigation mode, and the
/// request did not send either, is refused, naming the member to send.
enum AndroidDeviceRequest {
    /// Fills `event` from the device its scene names, or `base`'s (a session's); nothing when neither names one.
    static func resolve(
        _ event: inout KeyboardEvent, kind: KeyboardEvent.Kind, over base: Scene?, in catalogue: DeviceCatalogue
    ) throws(SessionError) {
        let patch = event.scene
        guard let id = patch.given.contains(SceneValues(.id)) ? patch.values.device.id : base?.device.id else {
            return
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
        var problems: [MemberProblem] = []
        let screen = device.screenSize(orientation)
        if !patch.given.contains(.screen) {
            event.scene.values.space.screen = screen
            event.scene.given.formUnion(.screen)
        }
        if !patch.given.contains(SceneValues(.top)) {
            if let bar = device.statusBars.first(where: { $0.orientation == orientation }) {
                event.scene.values.android.statusBar = bar.height
                event.scene.given.formUnion(SceneValues(.top))
            } else {
                problems.append(missing("/systemBars/top", "status bar", device, orientation))
            }
        }
        if !patch.given.contains(SceneValues(.bottom)) {
            if let bar = device.navigationBars.first(where: { $0.orientation == orientation && $0.mode == mode }) {
                event.scene.values.android.navigationBar = bar.height
                event.scene.given.formUnion(SceneValues(.bottom))
            } else {
                problems.append(
                    missing("/systemBars/bottom", "\(mode.rawValue) navigation bar", device, orientation))
            }
        }
        if kind == .show, event.keyboard.frameEnd == nil {
            if let ime = device.imes.first(where: { $0.orientation == orientation }) {
                event.keyboard.frameEnd = Rect(
                    x: 0, y: screen.height - ime.height, width: screen.width, height: ime.height)
            } else {
                problems.append(missing("/keyboard/frameEnd", "IME height", device, orientation))
            }
        }
        guard problems.isEmpty else { throw .invalidMembers(problems) }
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
