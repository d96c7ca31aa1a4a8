import InsetCore
import InsetJSON

extension Session {
    /// The full representation `GET /sessions/{id}` answers, seen at `time`.
    func write(at time: Double, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("keyboardState", phase(at: time).rawValue)
        writer.field("time", time)
        writer.field("lastEventTime", lastTime)
        writer.key(static: "scrollView")
        writeScrollView(into: &writer)
        writer.key(static: "window")
        writer.rect(geometry.window)
        writer.key(static: "screen")
        if let screen = geometry.space.screen { writer.size(screen) } else { writer.null() }
        writer.field("keyboardDistance", geometry.options.keyboardDistance)
        writer.field("baseInsetMode", geometry.options.baseInsetMode.rawValue)
        writer.field("followsUndockedKeyboard", geometry.options.followsUndockedKeyboard)
        writer.key(static: "keyboard")
        if let keyboard { keyboard.write(into: &writer) } else { writer.null() }
        writer.key(static: "target")
        writer.beginObject()
        writer.resultMembers(target)
        writer.endObject()
        writer.key(static: "animation")
        if let running = animationInFlight(at: time) {
            AnimationDescriptor.write(running, timed: true, into: &writer)
        } else {
            writer.null()
        }
        writer.key(static: "presentation")
        writer.scrollState(presentation(at: time))
        writer.endObject()
    }

    /// The short reference a show or hide answers with, seen at `time`.
    func reference(at time: Double) -> SessionReference {
        SessionReference(id: id, keyboardState: phase(at: time), time: time)
    }

    private func writeScrollView(into writer: inout JSONWriter) {
        let sv = geometry.scrollView
        writer.beginObject()
        writer.key(static: "frame")
        writer.rect(sv.frame)
        writer.key(static: "contentInset")
        writer.insets(sv.contentInset)
        writer.key(static: "scrollIndicatorInsets")
        writer.insets(sv.scrollIndicatorInsets)
        writer.key(static: "safeAreaInsets")
        writer.insets(sv.safeAreaInsets)
        writer.field("contentInsetAdjustmentBehavior", sv.contentInsetAdjustmentBehavior.rawValue)
        writer.field("automaticallyAdjustsScrollIndicatorInsets", sv.automaticallyAdjustsScrollIndicatorInsets)
        writer.key(static: "contentSize")
        writer.size(sv.contentSize)
        writer.key(static: "contentOffset")
        writer.point(sv.contentOffset)
        writer.field("alwaysBounceVertical", sv.alwaysBounceVertical)
        writer.endObject()
    }
}

/// The short reference to a session that a show or hide answers with.
struct SessionReference: Sendable {
    var id: String
    var keyboardState: KeyboardPhase
    /// The event's instant on the session's clock.
    var time: Double

    func write(into writer: inout JSONWriter) {
        writer.beginPieces()
        writer.pieceKey("{\"id\":")
        writer.string(id)
        writer.pieceKey(",\"keyboardState\":")
        writer.string(keyboardState.rawValue)
        writer.pieceKey(",\"time\":")
        writer.number(time)
        writer.endObject()
    }
}

extension KeyboardInfo {
    func write(into writer: inout JSONWriter) {
        writer.beginObject()
        if let frameEnd {
            writer.key(static: "frameEnd")
            writer.rect(frameEnd)
        }
        if let frameBegin {
            writer.key(static: "frameBegin")
            writer.rect(frameBegin)
        }
        writer.field("animationDuration", animationDuration)
        writer.field("animationCurve", animationCurve)
        if let isLocal { writer.field("isLocal", isLocal) }
        writer.endObject()
    }
}
