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

    /// Writes the device's keyboard height into `scene` when the request names a device (or, over a session's
    /// scene `base`, turns it or changes its navigation) and sends no height; answers what it took (nil when it
    /// took nothing).
    /// A session's creation (`heightRequired: false`) leaves a height the catalogue lacks to the first show.
    static func resolve(
        _ scene: inout ScenePatch, over base: Scene?, in catalogue: DeviceCatalogue, heightRequired: Bool = true
    ) throws(SessionError) -> Taken? {
        let deviceChange: SceneValues =
            base == nil
            ? SceneValues(.id) : [SceneValues(.id), SceneValues(.orientation), SceneValues(.navigationMode)]
        guard !scene.given.isDisjoint(with: deviceChange) else { return nil }
        var page = base ?? Scene()
        page.apply(scene)
        guard let id = page.device.id else { return nil }
        func refuse(_ pointer: String, _ message: String) -> SessionError {
            .invalidMembers([MemberProblem(pointer: pointer, message: message)])
        }
        let iOSDevice = catalogue.device(id) != nil
        // A phone runs its own system's browsers: an iPhone's are on iOS, an Android phone's on Android.
        if let os = page.web.os, iOSDevice ? os != .ios : catalogue.androidDevice(id) != nil && os != .android {
            let system = iOSDevice ? "an iOS device" : "an Android device"
            throw refuse("/device/id", "names \(system), and /browser/os is \(os.rawValue)")
        }
        guard !scene.given.contains(SceneValues(.height)) else { return nil }
        if page.web.os == .ios || iOSDevice {
            guard heightRequired else { return nil }
            throw refuse(
                "/keyboard/height",
                "is required: Safari's keyboard over a page includes the form accessory bar, whose height no source publishes (docs/web.md)"
            )
        }
        guard let device = catalogue.androidDevice(id) else {
            throw refuse("/device/id", "names no device of the catalogue ('\(id)')")
        }
        let orientation = page.device.orientation ?? .portrait
        let mode = page.android.navigationMode
        guard let ime = device.imes.first(where: { $0.orientation == orientation }),
            let bar = device.navigationBars.first(where: { $0.orientation == orientation && $0.mode == mode })
        else {
            guard heightRequired else { return nil }
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
