import InsetCore

/// A web session (docs/web.md, "Sessions"): its scene is the page as sent, and `web` where the page rests since the
/// last event. A show starts from that rest, so a show while the keyboard is up is a focus move; a hide starts from
/// where the show left the page. The viewports change in one step, so between events nothing moves.
extension Session {
    /// A show or a hide on `page` (the scene with the event's members merged, as the service checked it, under its
    /// browser's `behaviour`), at the event's timestamp (nil: now). Answers what the browser does and the instant.
    /// Refused, before anything changes, when the event is older than the last one.
    public mutating func receiveWeb(
        _ kind: KeyboardEvent.Kind, _ event: borrowing KeyboardEvent, page: WebPage, behaviour: WebBehaviour,
        serverTime: Double
    ) throws(SessionError) -> (outcome: WebOutcome, time: Double) {
        let time = try begin(at: event.timestamp, serverTime: serverTime)
        scene.apply(event.scene)
        // A scroll sent while the keyboard is hidden is where the user left the page before focusing the input.
        let scrolled = !keyboardVisible && event.scene.given.contains(SceneValues(.scroll))
        let start = scrolled ? .resting(page) : web ?? .resting(page)
        let outcome =
            kind == .show
            ? WebKeyboard.show(page, behaviour: behaviour, from: start)
            : WebKeyboard.hide(page, behaviour: behaviour, from: start)
        web = outcome.state
        keyboardVisible = kind == .show
        // The scroll the page reads now, which the session's page echoes.
        scene.web.scroll = outcome.scroll
        return (outcome, time)
    }

    /// A scene change on the web: the page's members merged. A scroll (sent only while the keyboard is hidden,
    /// which the service checks) moves the page there, the visual viewport at the layout viewport's top. The
    /// service then settles the page in its new document (`settleWeb`).
    mutating func webPatch(_ patch: ScenePatch) {
        scene.apply(patch)
        if patch.given.contains(SceneValues(.scroll)), let scroll = patch.values.web.scroll {
            web = WebState(keyboard: web?.keyboard ?? 0, layoutTop: scroll.y, offsetTop: 0)
        }
    }

    /// Where the page rests once its scene has changed, as the browser keeps it (`resting`): both viewports within
    /// the document as it is now, the scroll the page reads with them.
    public mutating func settleWeb(_ page: WebPage, behaviour: WebBehaviour) {
        let rest = WebKeyboard.resting(page, behaviour: behaviour, in: web ?? .resting(page))
        web = rest.state
        scene.web.scroll = rest.scroll
    }
}
