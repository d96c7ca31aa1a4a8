import InsetCore

/// Where an animation moves the keyboard layout guide, and the views pinned to it.
public struct LayoutMotion: Sendable {
    /// The guide's frame when the animation starts (what is on screen).
    public var from: Rect
    /// The guide's frame at the end.
    public var to: Rect
    /// The pinned views; each rests on the guide's top, wherever the guide is.
    public var pinnedViews: [PinnedView]

    /// A motion of the guide from `from` to `to`, carrying `pinnedViews`.
    public init(from: Rect, to: Rect, pinnedViews: [PinnedView]) {
        self.from = from
        self.to = to
        self.pinnedViews = pinnedViews
    }
}
