import InsetCore
import InsetJSON
import InsetSession

/// The devices the service knows by name, read once from `Resources/devices.json`, which is compiled in: every
/// number there names its source, and `DeviceCatalogueTests` holds the numbers to each other (sizes against
/// scales, safe areas and keyboards inside the screen).
public struct DeviceCatalogue: Sendable {
    /// The publications the numbers come from.
    public let sources: [CatalogueSource]
    /// The iOS devices, in the file's order (families together, oldest first): those a request can name.
    public let devices: [Device]
    /// The Android devices, in the file's order, which `platform: "android"` requests name.
    public let androidDevices: [AndroidDevice]
    /// The containers' bars: default heights by family, orientation and release, and what is not published.
    public let bars: BarCatalogue
    private let index: [String: Int]

    /// The catalogue in `json`, refused with the first thing wrong with it.
    public init(json: [UInt8]) throws(CatalogueError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw CatalogueError(path: "", message: "is not JSON: byte \(error.offset): \(error.message)")
        }
        var reader = CatalogueReader()
        (sources, devices, androidDevices, bars) = try reader.catalogue(value)
        var index: [String: Int] = [:]
        for (position, device) in devices.enumerated() { index[device.id] = position }
        self.index = index
    }

    /// The catalogue compiled into the service. Its file is checked by the tests, so reading it cannot fail in a
    /// build that passed them.
    public static let standard: DeviceCatalogue = {
        let read = Result { () throws(CatalogueError) in try DeviceCatalogue(json: PackageResources.devices_json) }
        switch read {
        case .success(let catalogue): return catalogue
        case .failure(let error): fatalError("Resources/devices.json: \(error.path) \(error.message)")
        }
    }()

    /// The device whose id is `id`.
    public func device(_ id: String) -> Device? {
        index[id].map { devices[$0] }
    }

    /// The Android device whose id is `id`.
    public func androidDevice(_ id: String) -> AndroidDevice? {
        androidDevices.first { $0.id == id }
    }

    /// The source whose id is `id`.
    public func source(_ id: String) -> CatalogueSource? {
        sources.first { $0.id == id }
    }
}

/// What is wrong with a catalogue file: where (a path of member names and indexes) and why.
public struct CatalogueError: Error, Equatable {
    /// Where, e.g. `devices[3].safeArea.portrait.top`.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// The flaw at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
