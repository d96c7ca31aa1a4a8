import InsetCore
import InsetDevices
import InsetJSON
import InsetSchema
import InsetSession

/// Shows and hides on a web session (docs/web.md, "Sessions"): the page the session keeps, with the event's members
/// merged, from where the last event left it. A show while the keyboard is up is a focus move; a hide takes the
/// page back from where the show left it.
enum WebSessionEvents {
    /// What a page keeps while its keyboard is up: the browser, the viewport and what it resizes, the device, and
    /// the scroll, whose split between the two viewports is the engine's. Sent while the keyboard is up, each is
    /// refused; the document, its bars and the focus may change.
    static let keptWhileShown: [SceneValue] = [
        .engine, .os, .version, .toolbarHeight, .viewport, .interactiveWidget, .overlaysContent, .scroll, .id,
        .orientation, .navigationMode,
    ]

    /// The page `patch` leaves over `session`'s, checked: with `keyboard`, a page a show can bring the keyboard
    /// over. Refused, before anything changes, for what cannot change while the keyboard is up.
    static func page(
        _ patch: borrowing ScenePatch, over session: Session, keyboard: Bool
    ) throws(SessionError) -> (WebPage, WebRule) {
        if session.keyboardVisible {
            var problems: [MemberProblem] = []
            for value in keptWhileShown where patch.given.contains(SceneValues(value)) {
                problems.append(
                    MemberProblem(
                        pointer: RequestSchema.geometry[Int(value.rawValue)].pointer,
                        message: "cannot change while the keyboard is up: hide it first (docs/web.md, \"Sessions\")"))
            }
            if patch.given.contains(SceneValues(.height)), let height = patch.values.web.keyboardHeight,
                height != session.scene.web.keyboardHeight
            {
                problems.append(
                    MemberProblem(
                        pointer: "/keyboard/height",
                        message:
                            "cannot change while the keyboard is up: a keyboard that changes height while shown is not modelled (docs/web.md)"
                    ))
            }
            guard problems.isEmpty else { throw .invalidMembers(problems) }
        }
        var scene = session.scene
        scene.applyWeb(patch)
        return try WebEvents.page(scene, keyboard: keyboard)
    }

    /// A show or a hide on `session`, answered as a stateless one is, with the session's reference.
    static func receive(
        _ kind: KeyboardEvent.Kind, _ event: KeyboardEvent, on session: inout Session, devices: DeviceCatalogue,
        serverTime: Double
    ) throws(SessionError) -> WrittenJSON {
        var event = event
        // While the keyboard is up the device cannot change (`keptWhileShown`), so nothing is taken from it.
        let taken =
            session.keyboardVisible
            ? nil : try WebDeviceKeyboard.resolve(&event.scene, over: session.scene, in: devices)
        let (page, rule) = try page(event.scene, over: session, keyboard: kind == .show)
        let (outcome, time) = try session.receiveWeb(
            kind, event, page: page, behaviour: rule.behaviour, serverTime: serverTime)
        return WebAnswer.text(
            outcome, page: page, rule: rule, keyboard: taken, session: session.reference(at: time))
    }
}
