/// A view whose bottom is constrained to `keyboardLayoutGuide.topAnchor`: a chat's composer, a toolbar.
public struct PinnedView: Equatable, Sendable {
    /// The client's name for it, echoed in the answer.
    public var id: String
    /// Its frame in window coordinates (as laid out when sent; in an answer, where the guide puts it).
    public var frame: Rect

    /// Creates a pinned view.
    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
    }

    /// The same view with its bottom on `guideTop`, its size and horizontal place kept.
    public func resting(on guideTop: Double) -> PinnedView {
        PinnedView(
            id: id, frame: Rect(x: frame.x, y: guideTop - frame.height, width: frame.width, height: frame.height))
    }
}
