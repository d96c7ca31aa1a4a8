/// How an event's animation composes with the animations still running on the same values.
public enum Interruption: String, CaseIterable, Sendable {
    /// iOS 8 and later: the running animations keep going and the new one is added on top of them, from the
    /// difference between the old and the new model value down to zero, so the velocity stays continuous.
    case additive
    /// iOS 7's model: the new animation replaces the running ones and starts from what is on screen, at rest.
    case beginFromCurrentState

    /// The descriptor's name for the composition of an animation made this way: `additive` or `replace`.
    public var composition: String {
        self == .additive ? "additive" : "replace"
    }
}
