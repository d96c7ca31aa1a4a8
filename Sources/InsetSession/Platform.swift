/// The platform a scene is on: the rules its events follow and the members its answers carry.
public enum Platform: String, CaseIterable, Sendable {
    /// UIKit: insets, offsets and the keyboard layout guide, in points.
    case ios
    /// Android: window insets, the window's soft-input adjustment and its pan, in dp.
    case android
    /// A page in a mobile browser: its viewports, viewport units and fixed bars, in CSS px (`docs/web.md`).
    case web
}
