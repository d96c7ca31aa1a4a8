import HTTPServer
import InsetCore
import InsetDevices
import InsetSchema
import InsetSession

/// Android IME shows and hides (`platform: "android"`), stateless; a session's go through `AndroidEventChange`.
enum AndroidEvents {
    /// A stateless show or hide on the window the body's event describes at rest. Without a device, the event is
    /// answered where it lies (in the body, this call's to change): the copies a device's numbers need are made
    /// only for them.
    static func stateless(
        _ kind: KeyboardEvent.Kind, _ event: inout KeyboardEvent, devices: DeviceCatalogue
    ) throws(Problem) -> HTTPResponse {
        if !event.scene.given.isDisjoint(with: AndroidDeviceRequest.naming) || event.scene.given.contains(.container) {
            return try byDevice(kind, event, devices: devices)
        }
        return try answer(kind, &event)
    }

    /// A stateless event on a device or with app bars: the catalogue's numbers and the bars' layout written in,
    /// then answered as if sent.
    private static func byDevice(
        _ kind: KeyboardEvent.Kind, _ sent: KeyboardEvent, devices: DeviceCatalogue
    ) throws(Problem) -> HTTPResponse {
        var event = sent
        do {
            try AndroidDeviceRequest.resolve(&event, showing: kind == .show, over: nil, in: devices)
        } catch {
            throw Problem(error)
        }
        return try answer(kind, &event)
    }

    /// The stateless answer to `event`, its device's numbers written in if it names one. Its scene values become
    /// the scene where they lie (`settleToCreate`), so the event is this call's to change.
    private static func answer(_ kind: KeyboardEvent.Kind, _ event: inout KeyboardEvent) throws(Problem)
        -> HTTPResponse
    {
        do {
            try event.scene.settleToCreate(
                alsoMissing: missingWindow(
                    screen: event.scene.given.contains(.screen), frameEnd: event.keyboard.frameEnd != nil, kind: kind))
        } catch {
            throw Problem(error)
        }
        return AndroidAnswer.response(event.androidStateless(kind), containers: event.scene.values.containers)
    }

    /// An Android window needs its screen (the IME's inset is measured from its bottom), and a show the IME's
    /// frame, sent or from the device.
    static func requireWindow(_ event: borrowing KeyboardEvent, kind: KeyboardEvent.Kind, over base: Scene?)
        throws(SessionError)
    {
        let problems = missingWindow(event, kind: kind, over: base)
        guard problems.isEmpty else { throw .invalidMembers(problems) }
    }

    /// What `requireWindow` refuses: a problem for each member the window lacks, in the schema's order.
    static func missingWindow(_ event: borrowing KeyboardEvent, kind: KeyboardEvent.Kind, over base: Scene?)
        -> [MemberProblem]
    {
        missingWindow(
            screen: event.scene.given.contains(.screen) || base?.space.screen != nil,
            frameEnd: event.keyboard.frameEnd != nil, kind: kind)
    }

    /// `missingWindow` from whether the screen is given (or the base has one) and the IME's frame is: read from
    /// the event where it lies, not from a copy of it.
    static func missingWindow(screen: Bool, frameEnd: Bool, kind: KeyboardEvent.Kind) -> [MemberProblem] {
        var problems: [MemberProblem] = []
        if !screen {
            problems.append(
                MemberProblem(
                    pointer: "/screen", message: "is required on Android, unless /device names an Android device"))
        }
        if kind == .show, !frameEnd {
            problems.append(
                MemberProblem(
                    pointer: "/keyboard/frameEnd",
                    message: "is required, unless /device names a device whose IME height the catalogue has"))
        }
        return problems
    }
}
