import InsetCore
import InsetJSON
import InsetSession

/// How one notification of a log was read, which the answer reports beside what it did.
package struct NotificationReading: Equatable, Sendable {
    /// The form it was printed in (`json` for a JSON body's).
    package var form: PrintedForm
    /// Its first and last line in a text body.
    package var lines: ClosedRange<Int>?
    /// Where its name came from.
    package var nameSource: NameSource
    /// The `userInfo` keys the replay does not use, ignored.
    package var ignoredKeys: [String]
    /// Whether its lines were read with comment markers (`//`, `/* … */`) stripped from them.
    package var commentsStripped = false
}

/// A decoded `POST /sessions/{id}/notifications` body: the log, and how each of its notifications was read.
package struct DecodedLog: Sendable {
    /// The body's format.
    package enum Format: String, Sendable {
        case json, text
    }

    package var log: NotificationLog
    /// One per notification, in order.
    package var readings: [NotificationReading]
    package var format: Format
    /// In a text body, the lines with something on them that belong to no notification.
    package var skippedLines: Int
}

/// `POST /sessions/{id}/notifications`'s JSON body:
/// `{notifications: [{name, userInfo, timestamp?}], includeNonLocal?, coordinates?, start?}`.
extension NotificationLog {
    /// The members the body may carry.
    static let members = ["notifications", "includeNonLocal", "coordinates", "start"]
    /// The members each notification may carry; `timestamp` may be left out.
    static let itemMembers = ["name", "userInfo", "timestamp"]

    /// The log in `bytes`, or every problem with it, each with its pointer (`/notifications/17/userInfo/…`).
    package static func decode(_ bytes: [UInt8]) throws(RequestError) -> DecodedLog {
        var reader = FieldReader()
        let decoded = read(try RequestBody.parse(bytes), reader: &reader)
        guard reader.errors.isEmpty, let decoded else { throw .invalid(reader.errors) }
        return decoded
    }

    private static func read(_ value: JSONValue, reader: inout FieldReader) -> DecodedLog? {
        guard let body = reader.object(value, at: "", allowed: members) else { return nil }
        let includesNonLocal = reader.optional(body, "includeNonLocal", at: "") { $0.bool($1, at: $2()) }
        let coordinates = reader.optional(body, "coordinates", at: "") {
            $0.choice($1, at: $2(), of: FrameCoordinates.allCases.map(\.rawValue))
        }
        let start = reader.optional(body, "start", at: "") { $0.number($1, at: $2(), in: Limits.timestamp) }
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
        var readings: [NotificationReading] = []
        var previous: Double?
        for (index, item) in items.enumerated() {
            let pointer = "/notifications/" + String(index)
            guard let object = reader.object(item, at: pointer, allowed: itemMembers) else { continue }
            let name = reader.required(object, "name", at: pointer) { $0.choice($1, at: $2(), of: names) }
            let timestamp = reader.optional(object, "timestamp", at: pointer) {
                $0.number($1, at: $2(), in: Limits.timestamp)
            }
            let userInfo = reader.required(object, "userInfo", at: pointer) {
                (reader: inout FieldReader, value: JSONValue, at: () -> String) -> LoggedUserInfo? in
                guard case .object(let members) = value else {
                    reader.fail(at(), "must be an object")
                    return nil
                }
                return LoggedUserInfo.read(members, at: at(), reader: &reader)
            }
            if let timestamp {
                if let previous, timestamp < previous {
                    reader.fail(
                        pointer + "/timestamp",
                        "must not be before the previous notification's (\(formatted(previous)) ms)")
                }
                previous = timestamp
            }
            guard let name, let userInfo, let kind = KeyboardNotificationName(rawValue: name) else { continue }
            notifications.append(LoggedNotification(name: kind, info: userInfo.info, timestamp: timestamp))
            readings.append(
                NotificationReading(form: .json, lines: nil, nameSource: .logged, ignoredKeys: userInfo.ignoredKeys))
        }
        let log = NotificationLog(
            notifications: notifications, includesNonLocal: includesNonLocal ?? false,
            coordinates: coordinates.flatMap(FrameCoordinates.init(rawValue:)) ?? .auto, start: start)
        return DecodedLog(log: log, readings: readings, format: .json, skippedLines: 0)
    }
}
