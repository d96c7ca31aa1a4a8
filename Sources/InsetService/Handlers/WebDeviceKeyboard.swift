import InsetCore
import InsetDevices
import InsetSchema
import InsetSession

/// The keyboard's height over a page by device name (docs/web.md, "A keyboard by device"): on Android, the
/// catalogue's IME less the navigation bar it covers, which is what Chrome and Firefox take
/// (`KeyboardUtils.calculateKeyboardHeightFromWindowInsets`, `GeckoDisplay.getKeyboardHeight`). Safari's keyboard
/// over a page includes the form accessory bar, whose height nobody publishes: refused by name.
enum WebDeviceKeyboard {
    /// Where the answer's keyboard height came from: the device and the catalogue's sources.
    struct Taken {
        var device: String
        var sources: [String]
    }

    /// What naming a device did to a request's keyboard.
    enum Resolution {
        /// The request names no device, or sends its own height: the height is the request's (or the session's).
        case untouched
        /// The catalogue's height was written in.
        case taken(Taken)
        /// The device (or how it is held) changed and the catalogue has no height for it: a height kept from before
        /// is another keyboard's, and goes.
        case unknown

        /// What the catalogue gave, for the answer.
        var taken: Taken? {
            if case .taken(let taken) = self { return taken }
            return nil
        }
    }

    /// What changes the device a session's page is on, or the system its browser runs on.
    static let deviceChange: SceneValues = [
        SceneValues(.id), SceneValues(.orientation), SceneValues(.navigationMode), SceneValues(.os),
    ]

    /// Writes the device's keyboard height into `scene` when the request names a device (or, over a session's
    /// scene `base`, turns it, changes its navigation or the browser's system) and sends no height. A device named
    /// with the other system's browser is refused. A session's creation or patch (`heightRequired: false`) leaves a
    /// height the catalogue lacks to the next show; an event is refused without one.
    static func resolve(
        _ scene: inout ScenePatch, over base: Scene?, in catalogue: DeviceCatalogue, heightRequired: Bool = true
    ) throws(SessionError) -> Resolution {
        guard !scene.given.isDisjoint(with: base == nil ? SceneValues(.id) : deviceChange) else { return .untouched }
        var page = base ?? Scene()
        page.apply(scene)
        guard let id = page.device.id else { return .untouched }
        let iOSDevice = catalogue.device(id) != nil
        // A phone runs its own system's browsers: an iPhone's are on iOS, an Android phone's on Android.
        if let os = page.web.os, iOSDevice ? os != .ios : catalogue.androidDevice(id) != nil && os != .android {
            let system = iOSDevice ? "an iOS device" : "an Android device"
            throw refuse("/device/id", "names \(system), and /browser/os is \(os.rawValue)")
        }
        guard !scene.given.contains(SceneValues(.height)) else { return .untouched }
        if page.web.os == .ios || iOSDevice {
            guard heightRequired else { return .unknown }
            throw refuse(
                "/keyboard/height",
                "is required: Safari's keyboard over a page includes the form accessory bar, whose height no source publishes (docs/web.md)"
            )
        }
        guard let device = catalogue.androidDevice(id) else {
            throw refuse("/device/id", "names no device of the catalogue ('\(id)')")
        }
        guard let (height, taken) = numbers(device, page) else {
            guard heightRequired else { return .unknown }
            let orientation = page.device.orientation ?? .portrait
            let mode = page.android.navigationMode
            throw refuse(
                "/keyboard/height",
                "is required: the catalogue has no IME or no \(mode.rawValue) navigation bar for \(device.name) in \(orientation.rawValue) (GET /devices/\(device.id) says what it has)"
            )
        }
        scene.values.web.keyboardHeight = height
        scene.given.formUnion(SceneValues(.height))
        return .taken(taken)
    }

    /// The catalogue's device and sources when the keyboard height `page` holds is the one its Android device
    /// gives, held as it is: what a session's show answers with when the height was not sent with it.
    static func catalogued(_ page: Scene, in catalogue: DeviceCatalogue) -> Taken? {
        guard let id = page.device.id, let device = catalogue.androidDevice(id),
            let (height, taken) = numbers(device, page),
            page.web.keyboardHeight == height
        else { return nil }
        return taken
    }

    /// The height over a page of `device`'s IME held as `page` holds it, less its navigation bar, and its sources.
    private static func numbers(_ device: AndroidDevice, _ page: Scene) -> (Double, Taken)? {
        let orientation = page.device.orientation ?? .portrait
        let mode = page.android.navigationMode
        guard let ime = device.imes.first(where: { $0.orientation == orientation }),
            let bar = device.navigationBars.first(where: { $0.orientation == orientation && $0.mode == mode })
        else { return nil }
        let sources = ime.source == bar.source ? [ime.source] : [ime.source, bar.source]
        return (ime.height - bar.height, Taken(device: device.id, sources: sources))
    }

    private static func refuse(_ pointer: String, _ message: String) -> SessionError {
        .invalidMembers([MemberProblem(pointer: pointer, message: message)])
    }
}
