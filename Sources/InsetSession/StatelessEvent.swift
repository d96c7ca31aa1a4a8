import InsetCore

/// What one keyboard event does to a scene that no session keeps: where the scroll view goes, how it gets
/// there, where the layout guide and the pinned views go, and the toolbar's fields.
public struct StatelessOutcome: Sendable {
    /// What the scroll view becomes: insets, offset, guide and pinned views.
    public var result: InsetResult
    /// From the state before the event to `result`, with the notification's curve.
    public var animation: KeyboardAnimation
    /// Where the guide and the pinned views go.
    public var layout: LayoutMotion
    /// The toolbar's previous and next fields, when the form has fields.
    public var navigation: FocusNeighbours?

    @inlinable init(
        result: InsetResult, animation: KeyboardAnimation, layout: LayoutMotion, navigation: FocusNeighbours?
    ) {
        self.result = result
        self.animation = animation
        self.layout = layout
        self.navigation = navigation
    }
}

extension KeyboardEvent {
    /// The event on `scene` (the event's own values, created: `ScenePatch.created`) with nothing before it: a
    /// show starts from the scene's base state with the keyboard hidden, a hide from its `frameBegin` when it
    /// has one. Its animation starts at the event's timestamp, or 0.
    @inlinable @inline(__always) public func stateless(_ kind: Kind, in scene: Scene) -> StatelessOutcome {
        let base = ScrollState(
            contentInset: scene.scrollView.contentInset,
            scrollIndicatorInsets: scene.scrollView.scrollIndicatorInsets,
            contentOffset: scene.scrollView.contentOffset)
        let result: InsetResult
        var from = base
        // The keyboard was hidden before a stateless show; before a hide, it was at frameBegin when given.
        let resting = KeyboardAvoidance.hidden(
            scrollView: scene.scrollView, space: scene.space, options: scene.options,
            pinnedViews: scene.pinnedViews)
        var guideFrom = resting.keyboardLayoutGuide
        if kind == .show {
            result = KeyboardAvoidance.shown(
                scrollView: scene.scrollView, space: scene.space,
                keyboardFrameEnd: keyboard.frameEnd ?? .zero, focusedRect: scene.revealRect,
                options: scene.options,
                previousAdjustedBottom: resting.keyboardSideAdjustedInset(inverted: scene.scrollView.inverted),
                pinnedViews: scene.pinnedViews)
        } else {
            var previousAdjustedBottom = resting.keyboardSideAdjustedInset(inverted: scene.scrollView.inverted)
            if let frameBegin = keyboard.frameBegin {
                let shown = KeyboardAvoidance.shown(
                    scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: frameBegin,
                    options: scene.options, pinnedViews: scene.pinnedViews)
                from = shown.state
                // The event's offset is what is on screen now; only the insets come from frameBegin.
                from.contentOffset = scene.scrollView.contentOffset
                guideFrom = shown.keyboardLayoutGuide
                previousAdjustedBottom = shown.keyboardSideAdjustedInset(inverted: scene.scrollView.inverted)
            }
            result = KeyboardAvoidance.hidden(
                scrollView: scene.scrollView, space: scene.space, keyboardFrameEnd: keyboard.frameEnd,
                options: scene.options, previousAdjustedBottom: previousAdjustedBottom,
                pinnedViews: scene.pinnedViews)
        }
        let animation = keyboard.animation(from: from, to: result.state, startTime: timestamp ?? 0)
        let layout = LayoutMotion(from: guideFrom, to: result.keyboardLayoutGuide, pinnedViews: scene.pinnedViews)
        return StatelessOutcome(result: result, animation: animation, layout: layout, navigation: scene.navigation)
    }
}
