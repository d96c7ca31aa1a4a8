import InsetCore
import InsetDevices
import InsetSchema
import InsetSession

/// The keyboard's height over a page by device name (docs/web.md, "A keyboard by device"): on Android, the
/// catalogue's IME less the navigation bar it covers, which is what Chrome and Firefox take
/// (`KeyboardUtils.calculateKeyboardHeightFromWindowInsets`, `GeckoDisplay.getKeyboardHeight`). Safari's keyboard
/// over a page includes the form accessory bar, whose height nobody publishes: refused by name.
enum WebDeviceKeyboard {
    /// Where the answer's keyboard height came from: the device and the catalogue's sources, or the request.
    struct Taken {
        var device: String
        var sources: [String]
    }

    /// Writes the device's keyboard height into `scene` when the request names a device and sends no height;
    /// answers what it took (nil when it took nothing).
    static func resolve(_ scene: inout ScenePatch, in catalogue: DeviceCatalogue) throws(Problem) -> Taken? {
        guard scene.given.contains(SceneValues(.id)), let id = scene.values.device.id else { return nil }
        func refuse(_ pointer: String, _ message: String) -> Problem {
            Problem(RequestError.invalid([FieldError(pointer: pointer, message: message)]))
        }
        if scene.values.web.os == .ios || catalogue.device(id) != nil {
            guard scene.values.web.keyboardHeight == nil else { return nil }
            throw refuse(
                "/keyboard/height",
                "is required: Safari's keyboard over a page includes the form accessory bar, whose height no source publishes (docs/web.md)"
            )
        }
        guard let device = catalogue.androidDevice(id) else {
            throw refuse("/device/id", "names no device of the catalogue ('\(id)')")
        }
        guard scene.values.web.keyboardHeight == nil else { return nil }
        let orientation = scene.values.device.orientation ?? .portrait
        let mode = scene.values.android.navigationMode
        guard let ime = device.imes.first(where: { $0.orientation == orientation }),
            let bar = device.navigationBars.first(where: { $0.orientation == orientation && $0.mode == mode })
        else {
            throw refuse(
                "/keyboard/height",
                "is required: the catalogue has no IME or no \(mode.rawValue) navigation bar for \(device.name) in \(orientation.rawValue) (GET /devices/\(device.id) says what it has)"
            )
        }
        scene.values.web.keyboardHeight = ime.height - bar.height
        scene.given.formUnion(SceneValues(.height))
        return Taken(device: device.id, sources: ime.source == bar.source ? [ime.source] : [ime.source, bar.source])
    }
}
