import InsetCore

/// A keyboard notification arriving at a screen: when, what changed of the scene with it, and the keyboard's
/// `userInfo`. A show carries the keyboard's end frame; a hide may.
public struct KeyboardEvent: Equatable, Sendable {
    /// Whether the keyboard shows (or, while shown, changes frame) or hides.
    public enum Kind: Sendable {
        case show, hide
    }

    /// Milliseconds on the client's clock; nil for "now" on the session's clock.
    public var timestamp: Double?
    /// The scene's values the event sets.
    public var scene = ScenePatch()
    /// The keyboard notification, with its defaults for what was not given.
    public var keyboard = KeyboardInfo()

    /// An event at no particular time that sets nothing, with the keyboard's defaults.
    @inlinable public init() {}
}
