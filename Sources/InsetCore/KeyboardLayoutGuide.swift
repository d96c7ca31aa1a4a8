/// UIKit's `keyboardLayoutGuide`: the part of a view the keyboard takes, which views pinned to its top ride on.
public enum KeyboardLayoutGuide {
    /// The guide's frame, in the coordinates of `view` (the guide's owning view, itself in window coordinates).
    ///
    /// - A docked keyboard (or an undocked one the guide follows) sets the guide's top to the keyboard's top in
    ///   the view; a docked one spans the view's width down to its bottom, a followed undocked one is the
    ///   keyboard's own frame within the view.
    /// - Otherwise, and while the keyboard is hidden, the guide rests at the bottom of the view's safe area when
    ///   `usesBottomSafeArea` (UIKit's default since iOS 17), or at the view's bottom, with no height.
    /// - With `usesBottomSafeArea` the top never goes below the safe area (a hardware keyboard's bar shorter
    ///   than the home-indicator area leaves the guide at the safe area).
    ///
    /// - Parameters:
    ///   - keyboard: the keyboard's frame in the same coordinates as `view`, or nil while it is hidden.
    ///   - viewSafeAreaBottom: the view's bottom safe-area inset.
    public static func frame(
        view: Rect, viewSafeAreaBottom: Double, keyboard: Rect?, docked: Bool, followsUndockedKeyboard: Bool,
        usesBottomSafeArea: Bool
    ) -> Rect {
        let restingTop = usesBottomSafeArea ? max(view.minY, view.maxY - viewSafeAreaBottom) : view.maxY
        func spanning(from top: Double) -> Rect {
            Rect(x: view.minX, y: top, width: view.width, height: max(0, view.maxY - top))
        }
        guard let keyboard else { return spanning(from: restingTop) }
        if docked {
            var top = min(max(keyboard.minY, view.minY), view.maxY)
            if usesBottomSafeArea { top = min(top, restingTop) }
            return spanning(from: top)
        }
        guard followsUndockedKeyboard else { return spanning(from: restingTop) }
        let minX = max(keyboard.minX, view.minX)
        let maxX = min(keyboard.maxX, view.maxX)
        let minY = max(keyboard.minY, view.minY)
        let maxY = min(keyboard.maxY, view.maxY)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}
