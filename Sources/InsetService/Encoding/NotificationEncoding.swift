import InsetCore
import InsetJSON
import InsetSchema
import InsetSession

extension JSONWriter {
    /// One notification's outcome: `applied`, `jumped` (moved at once) or `ignored`, and why; when it
    /// happened; and `read`, how it was read: the printed form and lines, where its name and time came from, the
    /// `userInfo` values replayed (in the screen's coordinates), the keys ignored, and whether its frames were
    /// converted from the portrait screen's coordinates.
    mutating func outcome(_ outcome: NotificationOutcome, reading: NotificationReading, index: Int) {
        beginObject()
        key(static: "index")
        int(index)
        field("name", outcome.notification.name.rawValue)
        field("timestamp", outcome.time.time)
        let (kind, reason): (String, String?) =
            switch outcome.decision {
            case .show, .hide: ("applied", nil)
            case .jump(_, let why): ("jumped", why.rawValue)
            case .ignore(let why): ("ignored", why.rawValue)
            }
        field("outcome", kind)
        key(static: "reason")
        if let reason { string(reason) } else { null() }
        key(static: "read")
        beginObject()
        field("form", reading.form.rawValue)
        key(static: "lines")
        if let lines = reading.lines {
            beginObject()
            field("first", lines.lowerBound)
            field("last", lines.upperBound)
            endObject()
        } else {
            null()
        }
        field("name", reading.nameSource.rawValue)
        field("timestamp", outcome.time.byRule ? "rule" : "logged")
        field("coordinates", outcome.convertedFromPortrait ? "portrait" : "screen")
        key(static: "userInfo")
        loggedInfo(outcome.info)
        key(static: "ignoredKeys")
        beginArray()
        for key in reading.ignoredKeys { string(key) }
        endArray()
        if reading.commentsStripped { field("commentsStripped", true) }
        endObject()
        endObject()
    }

    /// The `userInfo` values a notification was replayed with.
    private mutating func loggedInfo(_ info: KeyboardInfo) {
        beginObject()
        key(static: "frameEnd")
        if let frame = info.frameEnd { rect(frame) } else { null() }
        key(static: "frameBegin")
        if let frame = info.frameBegin { rect(frame) } else { null() }
        field("animationDuration", info.animationDuration)
        field("animationCurve", info.animationCurve)
        key(static: "isLocal")
        if let isLocal = info.isLocal { bool(isLocal) } else { null() }
        endObject()
    }
}
