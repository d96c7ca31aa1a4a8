import InsetCore
import InsetDevices
import InsetSession

/// A request by device or in a container: the catalogue's numbers written into the event where the request sent
/// none, the container laid out (`docs/containers.md`), and the keyboard's end frame a show must have, from the
/// device or sent.
enum DeviceRequest {
    /// The scene values that name a device or its keyboard.
    static let values: SceneValues = [.device, .keyboardSetting]

    /// Whether an event that sent `given` (its scene's values), or the scene it lands on, names a device, so that
    /// the catalogue has numbers to give, or has a container to lay out. Over the bits alone: the event is not
    /// copied to be asked.
    @inline(__always)
    static func involved(_ given: SceneValues, base: Scene?) -> Bool {
        !given.isDisjoint(with: values) || base?.device.id != nil || inContainer(given, base: base)
    }

    /// Whether an event that sent `given` sends a container, or the scene it lands on has one.
    @inline(__always)
    static func inContainer(_ given: SceneValues, base: Scene?) -> Bool {
        given.contains(.container) || base?.hasContainer == true
    }

    /// Resolves `event` against `catalogue` for `use` on `base` (nil: a stateless call or a new session), lays out
    /// its container, then checks that a show has its keyboard's end frame. Nil when no device is involved.
    static func resolve(
        _ event: inout KeyboardEvent, for use: DeviceCatalogue.Use, over base: Scene?, shownKeyboard: Rect? = nil,
        in catalogue: DeviceCatalogue
    ) throws(SessionError) -> DeviceResolution? {
        var resolution: DeviceResolution?
        do {
            if !event.scene.given.isDisjoint(with: values) || base?.device.id != nil {
                // The device sees the scroll view as it stood before the bars, so that what followed it follows.
                resolution = try catalogue.resolve(
                    &event, for: use, over: base?.withoutContainerLayout, shownKeyboard: shownKeyboard)
            }
            if inContainer(event.scene.given, base: base) {
                try catalogue.layOutContainer(&event, over: base, resolution: &resolution)
            }
        } catch {
            throw .invalidMembers(error.problems)
        }
        try requireFrameEnd(event, for: use)
        return resolution
    }

    /// A show must say where the keyboard ends: sent, or from a device.
    @inline(__always)
    static func requireFrameEnd(_ event: borrowing KeyboardEvent, for use: DeviceCatalogue.Use) throws(SessionError) {
        guard use == .show, event.keyboard.frameEnd == nil else { return }
        throw noFrameEnd
    }

    /// A show without an end frame and without a device to give it.
    static var noFrameEnd: SessionError { .invalidMembers([noFrameEndProblem]) }

    /// The member a show without an end frame lacks, and what would give it.
    static let noFrameEndProblem = MemberProblem(
        pointer: "/keyboard/frameEnd",
        message: "is required, unless /device names a device whose keyboard the catalogue has")
}

extension KeyboardEvent.Kind {
    /// What a show or a hide asks of the catalogue.
    var deviceUse: DeviceCatalogue.Use { self == .show ? .show : .hide }
}
