import HTTPServer
import InsetDevices
import InsetJSON

/// `GET /devices`: the catalogue's devices by id, name, platform, family and, for iOS, the releases they run. Written once: the
/// catalogue is compiled in.
final class DeviceListHandler: OperationHandler {
    private let body: [UInt8]

    init(catalogue: DeviceCatalogue) {
        var writer = JSONWriter(reservingCapacity: 8192)
        writer.deviceList(catalogue)
        body = writer.bytes
    }

    func handle(_ request: HTTPRequest, parameters: [String: String]) throws(Problem) -> HTTPResponse {
        HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
    }
}

/// `GET /devices/{id}`: one device's whole entry with its sources; 404 for an id the catalogue does not have.
final class DeviceHandler: OperationHandler {
    private let entries: [String: [UInt8]]

    init(catalogue: DeviceCatalogue) {
        var entries: [String: [UInt8]] = [:]
        for device in catalogue.devices {
            var writer = JSONWriter(reservingCapacity: 4096)
            writer.deviceEntry(device, in: catalogue)
            entries[device.id] = writer.bytes
        }
        for device in catalogue.androidDevices {
            var writer = JSONWriter(reservingCapacity: 4096)
            writer.androidEntry(device, in: catalogue)
            entries[device.id] = writer.bytes
        }
        self.entries = entries
    }

    func handle(_ request: HTTPRequest, parameters: [String: String]) throws(Problem) -> HTTPResponse {
        let id = try parameters.required("id", of: request)
        guard let body = entries[id] else { throw .deviceNotFound(id) }
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
    }
}
