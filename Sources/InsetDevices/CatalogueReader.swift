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

    mutating func catalogue(
        _ value: JSONValue
    ) throws(CatalogueError) -> ([CatalogueSource], [Device], [AndroidDevice], BarCatalogue) {
        let root = try object(value, "", allowed: ["about", "sources", "devices", "bars"])
        var sources: [CatalogueSource] = []
        for (position, item) in try array(root["sources"], "sources").enumerated() {
            let source = try self.source(item, "sources[\(position)]")
            guard sourceIds.insert(source.id).inserted else { throw fail("sources[\(position)].id", "is repeated") }
            sources.append(source)
        }
        var devices: [Device] = []
        var androidDevices: [AndroidDevice] = []
        var deviceIds: Set<String> = []
        for (position, item) in try array(root["devices"], "devices").enumerated() {
            let path = "devices[\(position)]"
            let id: String
            if try platform(item, path) == "android" {
                let device = try androidDevice(item, path)
                id = device.id
                androidDevices.append(device)
            } else {
                let device = try self.device(item, path)
                id = device.id
                devices.append(device)
            }
            guard deviceIds.insert(id).inserted else { throw fail(path + ".id", "is repeated") }
        }
        let bars = try self.bars(root["bars"] ?? .object(JSONObject()), "bars")
        return (sources, devices, androidDevices, bars)
    }

    /// An entry's platform: `ios` (the default) or `android`.
    private func platform(_ value: JSONValue, _ path: String) throws(CatalogueError) -> String {
        guard case .object(let object) = value else { throw fail(path, "must be an object") }
        guard let member = object["platform"] else { return "ios" }
        let platform = try string(member, path + ".platform")
        guard platform == "ios" || platform == "android" else {
            throw fail(path + ".platform", "must be ios or android")
        }
        return platform
    }

    private func androidDevice(_ value: JSONValue, _ path: String) throws(CatalogueError) -> AndroidDevice {
        let object = try object(
            value, path,
            allowed: ["id", "name", "platform", "family", "screen", "statusBars", "navigationBars", "imes", "absent"])
        let screenObject = try self.object(
            object["screen"], path + ".screen", allowed: ["width", "height", "density", "source"])
        let screen = AndroidScreen(
            width: try number(screenObject["width"], path + ".screen.width", in: 1...4096),
            height: try number(screenObject["height"], path + ".screen.height", in: 1...4096),
            density: try number(screenObject["density"], path + ".screen.density", in: 0.75...4))
        let familyName = try string(object["family"], path + ".family")
        guard let family = AndroidFamily(rawValue: familyName) else {
            throw fail(path + ".family", "must be one of Pixel, Galaxy, Galaxy Tab")
        }
        var bars: [String: [AndroidBar]] = [:]
        for member in ["statusBars", "navigationBars", "imes"] {
            for (position, item) in try array(object[member] ?? .array([]), path + "." + member).enumerated() {
                bars[member, default: []].append(
                    try androidBar(item, "\(path).\(member)[\(position)]", moded: member == "navigationBars"))
            }
        }
        var absent: [String] = []
        for (position, item) in try array(object["absent"] ?? .array([]), path + ".absent").enumerated() {
            absent.append(try string(item, path + ".absent[\(position)]"))
        }
        return AndroidDevice(
            id: try identifier(object["id"], path + ".id"), name: try string(object["name"], path + ".name"),
            family: family,
            screen: Sourced(value: screen, source: try source(screenObject["source"], path + ".screen.source")),
            statusBars: bars["statusBars"] ?? [], navigationBars: bars["navigationBars"] ?? [],
            imes: bars["imes"] ?? [], absent: absent)
    }

    /// A bar's or the IME's height; `moded`: a navigation bar, which names its navigation mode.
    private func androidBar(_ value: JSONValue, _ path: String, moded: Bool) throws(CatalogueError) -> AndroidBar {
        var allowed: Set<String> = ["orientation", "height", "system", "source", "measuredOn"]
        if moded { allowed.insert("mode") }
        let object = try object(value, path, allowed: allowed)
        return AndroidBar(
            orientation: try choice(object["orientation"], path + ".orientation", DeviceOrientation.self),
            mode: moded ? try choice(object["mode"], path + ".mode", NavigationMode.self) : nil,
            height: try number(object["height"], path + ".height", in: 0...4096),
            system: try object["system"].map { (value) throws(CatalogueError) in try release(value, path + ".system") },
            source: try source(object["source"], path + ".source"),
            measuredOn: try object["measuredOn"].map { (value) throws(CatalogueError) in
                try string(value, path + ".measuredOn")
            })
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
            allowed: [
                "id", "name", "platform", "family", "systems", "systemsSource", "screen", "safeAreas", "keyboards",
                "absent",
            ])
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

    func object(
        _ value: JSONValue?, _ path: String, allowed: Set<String>
    ) throws(CatalogueError) -> JSONObject {
        guard case .object(let object)? = value else { throw fail(path, "must be an object") }
        for key in object.keys where !allowed.contains(key) { throw fail(path + "." + key, "is not a known member") }
        return object
    }

    func array(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> [JSONValue] {
        guard case .array(let items)? = value else { throw fail(path, "must be an array") }
        return items
    }

    func string(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        guard case .string(let text)? = value, !text.isEmpty else { throw fail(path, "must be a non-empty string") }
        return text
    }

    func number(
        _ value: JSONValue?, _ path: String, in range: ClosedRange<Double>
    ) throws(CatalogueError) -> Double {
        guard case .number(let number)? = value, range.contains(number) else {
            throw fail(path, "must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// An id: lowercase letters, digits and single hyphens.
    func identifier(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        let text = try string(value, path)
        let valid = text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        guard valid, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else {
            throw fail(path, "must be lowercase letters and digits joined by single hyphens")
        }
        return text
    }

    /// A release: digits, optionally `.` and more digits (`"26"`, `"17.2"`).
    func release(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        let text = try string(value, path)
        guard SystemRelease(text) != nil else { throw fail(path, "must be a release such as \"26\" or \"17.2\"") }
        return text
    }

    /// The id of a declared source.
    func source(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> String {
        let id = try string(value, path)
        guard sourceIds.contains(id) else { throw fail(path, "names no source in sources ('\(id)')") }
        return id
    }

    func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, _ path: String, _ type: T.Type
    ) throws(CatalogueError) -> T where T.RawValue == String {
        let name = try string(value, path)
        guard let choice = T(rawValue: name) else {
            throw fail(path, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }
}
