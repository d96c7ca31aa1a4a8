/// Where a revealed rect (a focused field, a caret) lands in the visible area: the part of the scroll view
/// between its adjusted insets, less `keyboardDistance` above the keyboard when the keyboard covers it.
public enum ScrollPosition: String, CaseIterable, Sendable {
    /// The smallest move that shows the rect; none when it is already visible.
    case minimal
    /// The rect's top at the visible area's top (`UITableView.ScrollPosition.top`).
    case top
    /// The rect's middle at the visible area's middle (`.middle`).
    case middle
    /// The rect's bottom at the visible area's bottom (`.bottom`).
    case bottom
    /// TPKeyboardAvoiding's placement: centred in the area between the adjusted insets, with at least
    /// `keyboardDistance` above it (so a rect taller than the area starts that far below its top).
    case center

    /// The vertical offset that places `rect` (content coordinates) as the position says, before clamping.
    /// - Parameters:
    ///   - offset: the offset now, which `minimal` keeps when the rect is visible.
    ///   - frameHeight: the scroll view's height.
    ///   - top: the adjusted top inset; `bottom`: the adjusted bottom inset.
    ///   - margin: the room kept above the keyboard (`keyboardDistance`, or 0 when no keyboard covers).
    public func offset(
        placing rect: Rect, from offset: Double, frameHeight: Double, top: Double, bottom: Double, margin: Double
    ) -> Double {
        // The visible band with the margin taken off, in content coordinates once `offset` is added.
        let bandTop = top
        let bandBottom = frameHeight - bottom - margin
        switch self {
        case .minimal:
            let visibleTop = offset + bandTop
            let visibleBottom = offset + bandBottom
            if rect.height > bandBottom - bandTop || rect.minY < visibleTop { return rect.minY - bandTop }
            if rect.maxY > visibleBottom { return rect.maxY - bandBottom }
            return offset
        case .top:
            return rect.minY - bandTop
        case .bottom:
            return rect.maxY - bandBottom
        case .middle:
            return (rect.minY + rect.maxY) / 2 - (bandTop + bandBottom) / 2
        case .center:
            let area = frameHeight - top - bottom
            let padding = max(margin, (area - rect.height) / 2)
            return rect.minY - padding - top
        }
    }
}
