import InsetCore

/// A change of a scene: values over a new scene's defaults, and which of them are set. A stateless call or a
/// new session takes the values as they are; a session's patch copies only those set.
public struct ScenePatch: Equatable, Sendable {
    /// The set values, over the defaults of `Scene()`.
    public var values = Scene()
    /// Which values are set.
    public var given = SceneValues()

    /// A patch that sets nothing.
    @inlinable public init() {}

    /// The offset the patch sets, if it sets one: an offset an event carries is the user's scroll, on screen now.
    public var contentOffset: Point? {
        given.contains(.contentOffset) ? values.scrollView.contentOffset : nil
    }

    /// The scene of a stateless call or a new session: the values with the window settled. The caller checked
    /// that the values a scene needs are set.
    @inlinable public var created: Scene {
        @inline(__always) get {
            var scene = values
            scene.settleWindow()
            return scene
        }
    }

    /// The focus the patch sets when it is none of the fields it leaves (its own over `base`'s); nil when the
    /// patch sets no focus or one of those fields.
    @inlinable public func strayFocus(over base: Scene) -> String? {
        guard given.contains(.focus), let focus = values.focus else { return nil }
        let fields = given.contains(.fields) ? values.fields : base.fields
        return fields.contains(where: { $0.id == focus }) ? nil : focus
    }
}
