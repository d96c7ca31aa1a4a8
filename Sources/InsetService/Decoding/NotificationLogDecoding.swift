import InsetCore
import InsetJSON
import InsetSession

/// `POST /sessions/{id}/notifications`'s body: `{notifications: [{name, userInfo, timestamp}], includeNonLocal}`.
extension NotificationLog {
    /// The members the body may carry.
    static let members = ["notifications", "includeNonLocal"]
    /// The members each notification may carry; every one is required.
    static let itemMembers = ["name", "userInfo", "timestamp"]

    /// The log in `bytes`, or every problem with it, each with its pointer (`/notifications/17/userInfo/…`).
    static func decode(_ bytes: [UInt8]) throws(RequestError) -> NotificationLog {
        var reader = FieldReader()
        let log = read(try RequestBody.parse(bytes), reader: &reader)
        guard reader.errors.isEmpty, let log else { throw .invalid(reader.errors) }
        return log
    }

    private static func read(_ value: JSONValue, reader: inout FieldReader) -> NotificationLog? {
        guard let body = reader.object(value, at: "", allowed: members) else { return nil }
        let includesNonLocal = reader.optional(body, "includeNonLocal", at: "") { $0.bool($1, at: $2()) }
        guard let list = body["notifications"] else {
            reader.fail("/notifications", "is required")
            return nil
        }
        guard case .array(let items) = list else {
            reader.fail("/notifications", "must be an array")
            return nil
        }
        guard items.count <= Limits.notifications else {
            reader.fail("/notifications", "must have at most \(Limits.notifications) items")
            return nil
        }
        let names = KeyboardNotificationName.allCases.map(\.rawValue)
        var notifications: [LoggedNotification] = []
        var previous: Double?
        for (index, item) in items.enumerated() {
            let pointer = "/notifications/" + String(index)
            guard let object = reader.object(item, at: pointer, allowed: itemMembers) else { continue }
            let name = reader.required(object, "name", at: pointer) { $0.choice($1, at: $2(), of: names) }
            let timestamp = reader.required(object, "timestamp", at: pointer) {
                $0.number($1, at: $2(), in: Limits.timestamp)
            }
            let info = reader.required(object, "userInfo", at: pointer) {
                KeyboardUserInfo.read($1, at: $2(), reader: &$0)
            }
            if let timestamp {
                if let previous, timestamp < previous {
                    reader.fail(
                        pointer + "/timestamp",
                        "must not be before the previous notification's (\(formatted(previous)) ms)")
                }
                previous = timestamp
            }
            guard let name, let timestamp, let info, let kind = KeyboardNotificationName(rawValue: name) else {
                continue
            }
            notifications.append(LoggedNotification(name: kind, info: info, timestamp: timestamp))
        }
        return NotificationLog(notifications: notifications, includesNonLocal: includesNonLocal ?? false)
    }
}
