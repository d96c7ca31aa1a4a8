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
    /// the scroll, whose split between the two viewports is the engine's. Changed while the keyboard is up, each is
    /// refused; the document, its bars and the focus may change.
    static let keptWhileShown: [SceneValue] = [
        .engine, .os, .version, .toolbarHeight, .viewport, .interactiveWidget, .overlaysContent, .scroll, .id,
        .orientation, .navigationMode,
    ]

    /// The page `patch` leaves over `session`'s, checked: with `keyboard`, a page a show can bring the keyboard
    /// over. Refused, before anything changes, for what cannot change while the keyboard is up (a member sent as
    /// it already is changes nothing, and passes).
    static func page(
        _ patch: borrowing ScenePatch, over session: Session, keyboard: Bool
    ) throws(SessionError) -> (WebPage, WebRule) {
        var scene = session.scene
        scene.apply(patch)
        if session.keyboardVisible {
            var problems: [MemberProblem] = []
            for value in keptWhileShown
            where patch.given.contains(SceneValues(value)) && changed(value, from: session.scene, to: scene) {
                problems.append(
                    MemberProblem(
                        pointer: RequestSchema.geometry[Int(value.rawValue)].pointer,
                        message: "cannot change while the keyboard is up: hide it first (docs/web.md, \"Sessions\")"))
            }
            // The keyboard as the engine takes it (Blink's in whole px), against the one up.
            if patch.given.contains(SceneValues(.height)), let height = patch.values.web.keyboardHeight,
                let viewport = scene.web.viewport, let engine = scene.web.engine,
                engine.takes(height, over: viewport.height) != session.web?.keyboard
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
        return try WebEvents.page(scene, keyboard: keyboard)
    }

    /// Whether `value` differs between the two pages.
    static func changed(_ value: SceneValue, from old: Scene, to new: Scene) -> Bool {
        switch value {
        case .engine: old.web.engine != new.web.engine
        case .os: old.web.os != new.web.os
        case .version: old.web.version != new.web.version
        case .toolbarHeight: old.web.toolbarHeight != new.web.toolbarHeight
        case .viewport: old.web.viewport != new.web.viewport
        case .interactiveWidget: old.web.interactiveWidget != new.web.interactiveWidget
        case .overlaysContent: old.web.overlaysContent != new.web.overlaysContent
        case .scroll: old.web.scroll != new.web.scroll
        case .id: old.device.id != new.device.id
        case .orientation: old.device.orientation != new.device.orientation
        case .navigationMode: old.android.navigationMode != new.android.navigationMode
        default: true
        }
    }

    /// A show or a hide on `session`, answered as a stateless one is, with the session's reference; a show that
    /// sends no height says which device gave the one it used, when the catalogue did.
    static func receive(
        _ kind: KeyboardEvent.Kind, _ event: KeyboardEvent, on session: inout Session, devices: DeviceCatalogue,
        serverTime: Double
    ) throws(SessionError) -> WrittenJSON {
        var event = event
        // While the keyboard is up the device cannot change (`keptWhileShown`), so nothing is taken from it.
        let resolution =
            session.keyboardVisible
            ? .untouched : try WebDeviceKeyboard.resolve(&event.scene, over: session.scene, in: devices)
        let (page, rule) = try page(event.scene, over: session, keyboard: kind == .show)
        let (outcome, time) = try session.receiveWeb(
            kind, event, page: page, behaviour: rule.behaviour, serverTime: serverTime)
        let taken =
            resolution.taken
            ?? (event.scene.given.contains(SceneValues(.height))
                ? nil : WebDeviceKeyboard.catalogued(session.scene, in: devices))
        return WebAnswer.text(
            outcome, page: page, rule: rule, keyboard: taken, session: session.reference(at: time))
    }

    /// A `PATCH` on a web session: the page's members merged, checked as a show checks them, and the page settled
    /// in its new document (`Session.settleWeb`). A device turned or changed that the catalogue has no keyboard for
    /// forgets the keyboard kept from before.
    static func patch(
        _ event: KeyboardEvent, on session: inout Session, devices: DeviceCatalogue, serverTime: Double
    ) throws(SessionError) -> Double {
        var event = event
        let resolution =
            session.keyboardVisible
            ? .untouched
            : try WebDeviceKeyboard.resolve(&event.scene, over: session.scene, in: devices, heightRequired: false)
        let (page, rule) = try page(event.scene, over: session, keyboard: false)
        let time = try session.change(event.scene, timestamp: event.timestamp, serverTime: serverTime)
        if case .unknown = resolution { session.scene.web.keyboardHeight = nil }
        session.settleWeb(page, behaviour: rule.behaviour)
        return time
    }
}
