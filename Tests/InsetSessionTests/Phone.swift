import InsetCore
import InsetSession

/// The iPhone 14 in portrait, as the service's tests describe it: a full-screen scroll view (390 × 844 pt, safe
/// areas 47 and 34) over 2 000 pt of content, and its keyboard (336 pt tall, top at 508).
enum Phone {
    static let screen = Size(width: 390, height: 844)
    static let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)

    /// The scene as a patch sets it, with everything a new scene needs.
    static var patch: ScenePatch {
        var patch = ScenePatch()
        patch.values.setFrame(Rect(x: 0, y: 0, width: 390, height: 844))
        patch.values.scrollView.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        patch.values.setContentSize(Size(width: 390, height: 2000))
        patch.values.space.screen = screen
        patch.given = [
            SceneValues(.frame), SceneValues(.safeAreaInsets), SceneValues(.contentSize), SceneValues(.screen),
        ]
        return patch
    }

    static var scene: Scene { patch.created }

    /// A new session on the phone's scene, its clock fixed at 0 ms.
    static func session(_ change: (inout Scene) -> Void = { _ in }) -> Session {
        var scene = scene
        change(&scene)
        return Session(id: "phone", scene: scene, time: 0, serverTime: 0)
    }

    /// A keyboard event at `timestamp`: a show to `frameEnd`, or a hide.
    static func event(at timestamp: Double?, frameEnd: Rect? = keyboard) -> KeyboardEvent {
        var event = KeyboardEvent()
        event.timestamp = timestamp
        event.keyboard.frameEnd = frameEnd
        return event
    }

    /// Form fields down the content, 100 pt apart.
    static let fields = [
        FormField(id: "name", rect: Rect(x: 16, y: 600, width: 358, height: 44)),
        FormField(id: "email", rect: Rect(x: 16, y: 700, width: 358, height: 44)),
        FormField(id: "notes", rect: Rect(x: 16, y: 1200, width: 358, height: 88)),
    ]
}
