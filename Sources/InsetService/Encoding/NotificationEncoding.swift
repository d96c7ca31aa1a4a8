import InsetCore
import InsetJSON
import InsetSession

extension JSONWriter {
    /// One notification's outcome: `applied`, `jumped` (a hide applied at once) or `ignored`, and why.
    mutating func outcome(_ outcome: NotificationOutcome, index: Int) {
        beginObject()
        key(static: "index")
        int(index)
        field("name", outcome.notification.name.rawValue)
        field("timestamp", outcome.notification.timestamp)
        let (kind, reason): (String, String?) =
            switch outcome.decision {
            case .show, .hide: ("applied", nil)
            case .jumpHide: ("jumped", "zero-duration-hide")
            case .ignore(let why): ("ignored", why.rawValue)
            }
        field("outcome", kind)
        key(static: "reason")
        if let reason { string(reason) } else { null() }
        endObject()
    }
}
