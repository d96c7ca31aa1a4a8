import InsetCore
import InsetJSON
import InsetSession

/// What a session's record holds besides iOS's: an Android session's transition (`"an"`) and a web session's state
/// (`"wb"`), as `SessionRecord` describes them.
extension JSONWriter {
    /// An Android session's transition: its layout is the geometry's, its insets the layout's and `imeTo`.
    mutating func storedAndroid(_ transition: AndroidTransition) {
        beginObject()
        key(static: "a")
        if let animation = transition.animation {
            beginArray()
            bool(animation.showing)
            bool(animation.synced)
            endArray()
        } else {
            null()
        }
        key(static: "s")
        exactNumber(transition.startTime)
        key(static: "i")
        exactNumbers(transition.imeFrom, transition.imeTo)
        let target = transition.target
        key(static: "tg")
        exactNumbers(
            target.containerFrame.x, target.containerFrame.y, target.containerFrame.width,
            target.containerFrame.height, target.contentPaddingBottom, target.windowPanY, target.contentOffset.x,
            target.contentOffset.y)
        key(static: "p")
        exactNumbers(transition.pan.from, transition.pan.to, transition.pan.startTime)
        key(static: "c")
        exactNumbers(transition.scroll.from, transition.scroll.to, transition.scroll.startTime)
        key(static: "l")
        if let last = transition.lastSmoothScroll { exactNumber(last) } else { null() }
        endObject()
    }

    /// A web session's state: where its page rests, `"wb":[keyboard, layoutTop, offsetTop]`.
    mutating func storedWeb(_ state: WebState) {
        key(static: "wb")
        exactNumbers(state.keyboard, state.layoutTop, state.offsetTop)
    }
}
