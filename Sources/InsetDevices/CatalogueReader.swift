import InsetCore
import InsetJSON
import InsetSession

/// Reads `devices.json` strictly: every member known, every number finite and in range, every source named
/// declared, every id unique. What the numbers must say of each other is the tests' to check.
struct CatalogueReader {
    private var sourceIds: Set<String> = []

    func fail(_ path: String, _ message: String) -> CatalogueError {
        CatalogueError(path: path, message: message)
    }

    mutating func catalogue(_ value: JSONValue) throws(CatalogueError) -> ([CatalogueSource], [Device]) {
        let root = try object(value, "", allowed: ["about", "sources", "devices"])
        var sources: [CatalogueSource] = []
        for (position, item) in try array(root["sources"], "sources").enumerated() {
            let source = try self.source(item, "sources[\(position)]")
            guard sourceIds.insert(source.id).inserted else { throw fail("sources[\(position)].id", "is repeated") }
            sources.append(source)
        }
        var devices: [Device] = []
        var deviceIds: Set<String> = []
        for (position, item) in try array(root["devices"], "devices").enumerated() {
            let device = try self.device(item, "devices[\(position)]")
            guard deviceIds.insert(device.id).inserted else { throw fail("devices[\(position)].id", "is repeated") }
            devices.append(device)
        }
        return (sources, devices)
    }

    private func source(_ value: JSONValue, _ path: String) throws(CatalogueError) -> CatalogueSource {
        let object = try object(value, path, allowed: ["id", "publisher", "title", "kind", "year", "covers"])
        let kind = try string(object["kind"], path + ".kind")
        guard ["document", "measurement", "code"].contains(kind) else {
            throw fail(path + ".kind", "must be document, measurement or code")
        }
        let year = try object["year"].map { (value) throws(CatalogueError) in
            Int(try number(value, path + ".year", in: 2007...2100))
        }
        return CatalogueSource(
            id: try identifier(object["id"], path + ".id"),
            publisher: try string(object["publisher"], path + ".publisher"),
            title: try string(object["title"], path + ".title"), kind: kind, year: year,
            covers: try string(object["covers"], path + ".covers"))
    }

    private func device(_ value: JSONValue, _ path: String) throws(CatalogueError) -> Device {
        let object = try object(
            value, path,
            allowed: ["id", "name", "family", "systems", "systemsSource", "screen", "safeAreas", "keyboards", "absent"])
        let screenObject = try self.object(
            object["screen"], path + ".screen", allowed: ["width", "height", "scale", "source"])
        let screen = DeviceScreen(
            width: try number(screenObject["width"], path + ".screen.width", in: 1...4096),
            height: try number(screenObject["height"], path + ".screen.height", in: 1...4096),
            scale: try number(screenObject["scale"], path + ".screen.scale", in: 1...4))
        let screenSource = try source(screenObject["source"], path + ".screen.source")
        var safeAreas: [SafeAreaMeasurement] = []
        for (position, item) in try array(object["safeAreas"], path + ".safeAreas").enumerated() {
            safeAreas.append(try safeArea(item, "\(path).safeAreas[\(position)]"))
        }
        var systems: [String] = []
        for (position, item) in try array(object["systems"], path + ".systems").enumerated() {
            systems.append(try release(item, path + ".systems[\(position)]"))
        }
        var keyboards: [KeyboardMeasurement] = []
        for (position, item) in try array(object["keyboards"] ?? .array([]), path + ".keyboards").enumerated() {
            keyboards.append(try keyboard(item, "\(path).keyboards[\(position)]", screen: screen))
        }
        var absent: [String] = []
        for (position, item) in try array(object["absent"] ?? .array([]), path + ".absent").enumerated() {
            absent.append(try string(item, path + ".absent[\(position)]"))
        }
        let familyName = try string(object["family"], path + ".family")
        guard let family = DeviceFamily(rawValue: familyName) else {
            throw fail(path + ".family", "must be iPhone or iPad")
        }
        return Device(
            id: try identifier(object["id"], path + ".id"), name: try string(object["name"], path + ".name"),
            family: family, systems: systems,
            systemsSource: try source(object["systemsSource"], path + ".systemsSource"),
            screen: Sourced(value: screen, source: screenSource), safeAreas: safeAreas, keyboards: keyboards,
            absent: absent)
    }

    private func safeArea(_ value: JSONValue, _ path: String) throws(CatalogueError) -> SafeAreaMeasurement {
        let object = try object(
            value, path,
            allowed: ["orientation", "system", "top", "left", "bottom", "right", "source", "measuredOn"])
        return SafeAreaMeasurement(
            orientation: try choice(object["orientation"], path + ".orientation", DeviceOrientation.self),
            system: try object["system"].map { (value) throws(CatalogueError) in try release(value, path + ".system") },
            insets: EdgeInsets(
                top: try number(object["top"], path + ".top", in: 0...200),
                left: try number(object["left"], path + ".left", in: 0...200),
                bottom: try number(object["bottom"], path + ".bottom", in: 0...200),
                right: try number(object["right"], path + ".right", in: 0...200)),
            source: try source(object["source"], path + ".source"),
            measuredOn: try object["measuredOn"].map { (value) throws(CatalogueError) in
                try string(value, path + ".measuredOn")
            })
    }

    private func keyboard(
        _ value: JSONValue, _ path: String, screen: DeviceScreen
    ) throws(CatalogueError) -> KeyboardMeasurement {
        let object = try object(
            value, path,
            allowed: [
                "orientation", "type", "predictive", "mode", "system", "height", "frame", "source", "measuredOn",
            ])
        let orientation = try choice(object["orientation"], path + ".orientation", DeviceOrientation.self)
        let mode = try choice(object["mode"], path + ".mode", KeyboardMode.self)
        let type = try object["type"].map { (value) throws(CatalogueError) in
            try choice(value, path + ".type", KeyboardType.self)
        }
        var predictive: Bool?
        if let flag = object["predictive"] {
            guard case .bool(let value) = flag else { throw fail(path + ".predictive", "must be a boolean") }
            predictive = value
        }
        let size =
            orientation == .portrait
            ? (width: screen.width, height: screen.height) : (width: screen.height, height: screen.width)
        let frame: Rect
        switch (object["height"], object["frame"]) {
        case (let height?, nil):
            // A keyboard given by its height alone spans the screen's width and rests on its bottom.
            guard mode == .docked || mode == .hardware else {
                throw fail(path + ".height", "gives only a docked keyboard or the shortcut bar: send a frame")
            }
            let height = try number(height, path + ".height", in: 1...size.height)
            frame = Rect(x: 0, y: size.height - height, width: size.width, height: height)
        case (nil, let rect?):
            let rect = try self.object(rect, path + ".frame", allowed: ["x", "y", "width", "height"])
            frame = Rect(
                x: try number(rect["x"], path + ".frame.x", in: 0...4096),
                y: try number(rect["y"], path + ".frame.y", in: 0...4096),
                width: try number(rect["width"], path + ".frame.width", in: 1...4096),
                height: try number(rect["height"], path + ".frame.height", in: 1...4096))
        default:
            throw fail(path, "must have a height or a frame, not both")
        }
        return KeyboardMeasurement(
            orientation: orientation, type: type ?? .standard, predictive: predictive, mode: mode,
            system: try object["system"].map { (value) throws(CatalogueError) in try release(value, path + ".system") },
            frame: frame, source: try source(object["source"], path + ".source"),
            measuredOn: try object["measuredOn"].map { (value) throws(CatalogueError) in
                try string(value, path + ".measuredOn")
            })
    }

    private func object(
        _ value: JSONValue?, _ path: String, allowed: Set<String>
    ) throws(CatalogueError) -> JSONObject {
        guard case .object(let object)? = value else { throw fail(path, "must be an object") }
        for key in object.keys where !allowed.contains(key) { throw fail(path + "." + key, "is not a known member") }
        return object
    }

    private func array(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> [JSONValue] {
        guard case .array(let items)? = value else { throw fail(path, "must be an array") }
        return items
    }

    private func string(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        guard case .string(let text)? = value, !text.isEmpty else { throw fail(path, "must be a non-empty string") }
        return text
    }

    private func number(
        _ value: JSONValue?, _ path: String, in range: ClosedRange<Double>
    ) throws(CatalogueError) -> Double {
        guard case .number(let number)? = value, range.contains(number) else {
            throw fail(path, "must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// An id: lowercase letters, digits and single hyphens.
    private func identifier(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        let text = try string(value, path)
        let valid = text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        guard valid, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else {
            throw fail(path, "must be lowercase letters and digits joined by single hyphens")
        }
        return text
    }

    /// A release: digits, optionally `.` and more digits (`"26"`, `"17.2"`).
    private func release(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        let text = try string(value, path)
        guard SystemRelease(text) != nil else { throw fail(path, "must be an iOS release such as \"26\" or \"17.2\"") }
        return text
    }

    /// The id of a declared source.
    private func source(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        let id = try string(value, path)
        guard sourceIds.contains(id) else { throw fail(path, "names no source in sources ('\(id)')") }
        return id
    }

    private func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, _ path: String, _ type: T.Type
    ) throws(CatalogueError) -> T where T.RawValue == String {
        let name = try string(value, path)
        guard let choice = T(rawValue: name) else {
            throw fail(path, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }
}
