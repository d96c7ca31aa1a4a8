import InsetCore
import InsetJSON
import InsetSession

/// The options a text body cannot carry, read from the query: `includeNonLocal`, `coordinates` and `start`.
package struct LogOptions: Equatable, Sendable {
    package var includesNonLocal = false
    package var coordinates = FrameCoordinates.auto
    package var start: Double?

    /// Every option at its default.
    package init() {}
}

/// `POST /sessions/{id}/notifications`'s `text/plain` body: a console pasted as it printed.
extension NotificationLog {
    /// The keyboard notifications in the text, read with the tolerance `LoggedUserInfo` has; every problem
    /// with its line and column (and the pointer the value would have in the JSON form).
    package static func decodeText(_ bytes: [UInt8], options: LogOptions) throws(RequestError) -> DecodedLog {
        let (console, structureErrors) = ConsoleLogReader.read(bytes)
        var errors = structureErrors
        if console.notifications.isEmpty, errors.isEmpty {
            throw .noNotification(lines: bytes.isEmpty ? 0 : console.text.lines.count)
        }
        if console.notifications.count > Limits.notifications {
            let extra = console.notifications[Limits.notifications]
            let line = extra.lines.lowerBound
            errors.append(
                FieldError(
                    pointer: "/notifications", message: "holds more than \(Limits.notifications) notifications",
                    location: TextLocation(line: line, column: 1)))
            throw .invalid(errors)
        }
        var notifications: [LoggedNotification] = []
        var readings: [NotificationReading] = []
        var previous: (time: Int, line: Int)?
        // Printed times become milliseconds from the first one printed: small, so exact to the microsecond.
        let origin = console.notifications.lazy.compactMap(\.printedTime).first ?? 0
        for (index, printed) in console.notifications.enumerated() {
            var reader = FieldReader()
            let userInfo = LoggedUserInfo.read(printed.userInfo, at: "", reader: &reader)
            for error in reader.errors {
                errors.append(placed(error, of: printed, index: index, in: console.text))
            }
            if let time = printed.printedTime {
                if let previous, time < previous.time {
                    errors.append(
                        FieldError(
                            pointer: "/notifications/\(index)/timestamp",
                            message: "is printed before the previous notification's (line \(previous.line))",
                            location: TextLocation(line: printed.lines.lowerBound, column: 1)))
                }
                previous = (time, printed.lines.lowerBound)
            }
            notifications.append(
                LoggedNotification(
                    name: printed.name, info: userInfo.info,
                    timestamp: printed.printedTime.map { Double($0 - origin) / 1000 }))
            readings.append(
                NotificationReading(
                    form: printed.form, lines: printed.lines, nameSource: printed.nameSource,
                    ignoredKeys: userInfo.ignoredKeys, commentsStripped: printed.uncommented))
        }
        // In the order they stand in the text, whatever order the keys were read in.
        errors.sort {
            ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        guard errors.isEmpty else { throw .invalid(errors) }
        let log = NotificationLog(
            notifications: notifications, includesNonLocal: options.includesNonLocal,
            clock: previous == nil ? .session : .printed, coordinates: options.coordinates, start: options.start)
        return DecodedLog(log: log, readings: readings, format: .text, skippedLines: console.skippedLines)
    }

    /// A `userInfo` value's problem, placed where the value is printed: at the offending byte of a geometry
    /// string, else at the value's start.
    private static func placed(
        _ error: FieldError, of printed: PrintedNotification, index: Int, in text: ConsoleLines
    ) -> FieldError {
        var placed = error
        placed.pointer = "/notifications/\(index)/userInfo" + error.pointer
        let member = printed.userInfo.members.firstIndex { "/" + escapePointerToken($0.key) == error.pointer }
        if let member { placed.message = printed.userInfo.members[member].key + " " + error.message }
        let offset = member.map { printed.valueOffsets[$0] } ?? text.lines[printed.lines.lowerBound - 1].content
        placed.location = text.location(of: offset + (error.offset ?? 0))
        return placed
    }
}
