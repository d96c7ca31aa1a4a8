import InsetCore
import InsetSession

/// Laying out a scene's container (`docs/containers.md`): the bars in force after a request, their heights (sent
/// or the catalogue's), and the scroll view's frame and safe area they give, written into the event as if sent.
extension DeviceCatalogue {
    /// Lays out the container `event` sends or `base` (a session's scene; nil for a stateless call or a new
    /// session) holds, when the request changes it or what it stands on (the window's size or safe area, the
    /// scroll view's frame, the device). `resolution` is what the device gave the request, if it names one (or
    /// the session does); the bars' default heights are added to it. Nothing happens for a scene without one.
    public func layOutContainer(
        _ event: inout KeyboardEvent, over base: Scene?, resolution: inout DeviceResolution?
    ) throws(DeviceRefusal) {
        let given = event.scene.given
        let sent = given.contains(.container) ? event.scene.values.container?.container : nil
        let held = base?.container
        guard sent != nil || held != nil else { return }
        let container = (held?.container ?? Container()).merging(sent ?? Container())
        let platform = given.contains(.platform) ? event.scene.values.platform : base?.platform ?? .ios
        try Self.checkPlatform(container, platform)
        if platform == .android { return try layOutAndroid(container, &event, over: base, sent: sent != nil) }
        // An accessory view rides on the keyboard: UIKit reports the two as one frame.
        if let accessory = container.inputAccessoryView?.height, accessory > 0 {
            Self.addAccessory(accessory, to: &event, &resolution)
        }
        // A popover is never under the keyboard: checked on every event that moves the keyboard.
        if let presented = held?.presented, presented.style == .popover, let keyboard = event.keyboard.frameEnd {
            try Self.checkPopover(presented.frame, keyboard)
        }
        let standsOn: SceneValues = [.frame, .safeAreaInsets, .screen, SceneValues(.window), .device]
        guard sent != nil || !given.isDisjoint(with: standsOn) else { return }
        let fromDevice = Set(resolution?.values.map(\.pointer) ?? [])

        // The view: the window's bounds (a full-screen presentation), from the window or the screen.
        let size: Size
        if given.contains(SceneValues(.window)) {
            size = event.scene.values.space.window.size
        } else if let base, base.windowGiven {
            size = base.space.window.size
        } else if let screen = given.contains(.screen) ? event.scene.values.space.screen : base?.space.screen {
            size = screen
        } else {
            throw DeviceRefusal(
                "/screen", "is required with /container, unless /device names a device, which gives the screen")
        }
        let view = Rect(x: 0, y: 0, width: size.width, height: size.height)

        // The window's safe area: sent, else the device's whole area, else as the container held it.
        let windowSafeArea: EdgeInsets
        if given.contains(.safeAreaInsets), !fromDevice.contains("/scrollView/safeAreaInsets") {
            windowSafeArea = event.scene.values.scrollView.safeAreaInsets
        } else if let resolution, let area = resolution.device.safeArea(resolution.setting) {
            windowSafeArea = area.insets
        } else {
            windowSafeArea = held?.windowSafeArea ?? base?.scrollView.safeAreaInsets ?? .zero
        }

        // The scroll view fills the view unless a frame other than the view's own was sent or held.
        let frame: Rect?
        if given.contains(.frame), !fromDevice.contains("/scrollView/frame") {
            frame = event.scene.values.scrollView.frame
        } else if let held {
            frame = held.givenFrame
        } else {
            frame = base?.scrollView.frame
        }
        let givenFrame = frame == view ? nil : frame

        var values: [CatalogueValue] = []
        var presented: PresentedView?
        if let presentation = container.presentation {
            presented = try place(
                presentation, window: view, windowSafeArea: windowSafeArea, keyboard: event.keyboard.frameEnd,
                resolution: resolution, sent: sent?.presentation != nil, values: &values)
        }
        if let presented, let givenFrame, presented.frame != view,
            !Self.contains(Rect(x: 0, y: 0, width: presented.frame.width, height: presented.frame.height), givenFrame)
        {
            throw DeviceRefusal(
                "/scrollView/frame",
                "must lie in the presented view, in its coordinates (0, 0, \(Self.points(presented.frame.width)), "
                    + "\(Self.points(presented.frame.height))): a frame in the window's coordinates is not")
        }
        // Bars in any presentation but full screen have no status bar above them: their heights are a sheet's.
        let heights = try barHeights(
            container, resolution: resolution, inSheet: presented.map { $0.style != .fullScreen } ?? false,
            values: &values)
        let state = ContainerState(
            container: container, size: size, windowSafeArea: windowSafeArea, givenFrame: givenFrame,
            heights: heights, presented: presented)
        let safe = state.layout.viewSafeArea
        guard safe.top + safe.bottom <= state.layout.view.height else {
            throw DeviceRefusal(
                "/container",
                "leaves no room: the bars and the safe area take \(Self.points(safe.top + safe.bottom)) of the "
                    + "view's \(Self.points(state.layout.view.height)) points")
        }
        event.scene.values.container = state
        event.scene.values.setFrame(state.layout.scrollView)
        event.scene.values.scrollView.safeAreaInsets = state.layout.scrollViewSafeArea
        event.scene.given.formUnion([.container, .frame, .safeAreaInsets])
        resolution?.values += values
    }

    /// Refuses the other platform's bars, each by its pointer.
    private static func checkPlatform(_ container: Container, _ platform: Platform) throws(DeviceRefusal) {
        let foreign = platform == .ios ? container.androidMembers : container.iosMembers
        guard !foreign.isEmpty else { return }
        if foreign == ["presentation"], let style = container.presentation?.style {
            throw DeviceRefusal(
                "/container/presentation/style",
                platform == .ios
                    ? "is Android's (\(style.rawValue)): send \"platform\": \"android\" with it"
                    : "is iOS's (\(style.rawValue)): Android presents a \"dialog\"")
        }
        let message =
            platform == .ios
            ? "is an Android member: send \"platform\": \"android\" with it"
            : "is not an Android member (this request is for \"platform\": \"android\")"
        throw DeviceRefusal(
            problems: foreign.map { MemberProblem(pointer: "/container/" + $0, message: message) })
    }

    /// Lays out an Android window's app bars (`ContainerLayout.android`) between its system bars, when the
    /// request changes them or what they stand on. Edge to edge, the app places its bars with its own inset
    /// listeners, which the service does not model: refused.
    private func layOutAndroid(
        _ container: Container, _ event: inout KeyboardEvent, over base: Scene?, sent: Bool
    ) throws(DeviceRefusal) {
        let given = event.scene.given
        let standsOn: SceneValues = [
            .frame, .screen, .device, SceneValues(.top), SceneValues(.bottom), SceneValues(.edgeToEdge),
        ]
        guard sent || !given.isDisjoint(with: standsOn) else { return }
        let values = event.scene.values
        func pick<T>(_ value: SceneValue, _ sent: T, _ held: T?, _ otherwise: T) -> T {
            given.contains(SceneValues(value)) ? sent : held ?? otherwise
        }
        let sheet = container.presentation?.bottomSheet
        // A bottom sheet edge to edge is Material's own layout (`AndroidBottomSheet`), not the app's.
        if sheet == nil, pick(.edgeToEdge, values.android.edgeToEdge, base?.android.edgeToEdge, false) {
            throw DeviceRefusal(
                "/container",
                "cannot be laid out edge to edge: the app places its bars with its own inset listeners, which the "
                    + "service does not model (send the scroll view's frame instead)")
        }
        guard let size = given.contains(.screen) ? values.space.screen : base?.space.screen else {
            throw DeviceRefusal(
                "/screen", "is required with /container, unless /device names a device, which gives the screen")
        }
        let bars = EdgeInsets(
            top: pick(.top, values.android.statusBar, base?.android.statusBar, 0), left: 0,
            bottom: pick(.bottom, values.android.navigationBar, base?.android.navigationBar, 0), right: 0)
        let frame = given.contains(.frame) ? values.scrollView.frame : base?.container?.givenFrame
        if let presentation = container.presentation, presentation.style == .dialog, let dialog = presentation.size {
            try Self.checkDialog(container, dialog, screen: size, bars: bars, frame: frame)
        }
        if let sheet {
            try Self.checkBottomSheet(container, sheet, screen: size, frame: frame, given: given)
        }
        // The theme's mode for a dialog (`Theme.Dialog`: `stateUnspecified|adjustPan`) or a bottom sheet (Material's
        // `BottomSheetDialog` themes: `adjustResize`), unless one is sent or the scene presented the same already.
        if let style = container.presentation?.style, style.isAndroid,
            !given.contains(SceneValues(.windowSoftInputMode)),
            base?.container?.container.presentation?.style != style
        {
            event.scene.values.android.softInputMode = style == .dialog ? .adjustPan : .adjustResize
            event.scene.given.insert(SceneValues(.windowSoftInputMode))
        }
        let state = ContainerState(
            container: container, size: size, windowSafeArea: bars, givenFrame: frame,
            heights: BarHeights(
                topAppBar: container.topAppBar?.height, bottomNavigation: container.bottomNavigation?.height),
            platform: .android)
        guard state.layout.viewSafeArea.top + state.layout.viewSafeArea.bottom <= size.height else {
            throw DeviceRefusal(
                "/container", "leaves no room: the bars take more than the window's \(Self.points(size.height)) dp")
        }
        event.scene.values.container = state
        event.scene.values.setFrame(state.layout.scrollView)
        event.scene.given.formUnion([.container, .frame])
    }

    /// Refuses a dialog the window manager could not lay out as sent: app bars with it (they are the activity's),
    /// a window larger than the display frame it is measured in, a scroll view outside its window.
    private static func checkDialog(
        _ container: Container, _ dialog: Size, screen: Size, bars: EdgeInsets, frame: Rect?
    ) throws(DeviceRefusal) {
        let appBars = container.androidMembers.filter { $0 != "presentation" }
        guard appBars.isEmpty else {
            throw DeviceRefusal(
                problems: appBars.map {
                    MemberProblem(
                        pointer: "/container/" + $0,
                        message: "is the activity's, not the dialog's: send the scroll view's frame in the dialog")
                })
        }
        let display = Size(width: screen.width, height: max(0, screen.height - bars.top - bars.bottom))
        guard dialog.width <= display.width, dialog.height <= display.height else {
            throw DeviceRefusal(
                "/container/presentation/size",
                "must fit the screen less its system bars (\(points(display.width)) × \(points(display.height)) "
                    + "dp): a WRAP_CONTENT window is measured within that display frame")
        }
        if let frame, !contains(Rect(x: 0, y: 0, width: dialog.width, height: dialog.height), frame) {
            throw DeviceRefusal("/scrollView/frame", "must lie in the dialog's window, in its coordinates")
        }
    }

    /// Refuses a bottom sheet laid out as it cannot be: app bars with it (the activity's), an IME handling for the
    /// activity's list (the sheet's behavior applies the insets), a scroll view outside the sheet's content.
    private static func checkBottomSheet(
        _ container: Container, _ sheet: AndroidBottomSheet, screen: Size, frame: Rect?, given: SceneValues
    ) throws(DeviceRefusal) {
        var problems = container.androidMembers.filter { $0 != "presentation" }.map {
            MemberProblem(
                pointer: "/container/" + $0,
                message: "is the activity's, not the bottom sheet's: send the scroll view's frame in the sheet")
        }
        if given.contains(SceneValues(.imeInsets)) {
            problems.append(
                MemberProblem(
                    pointer: "/imeInsets",
                    message: "is how the activity's list takes the IME: a bottom sheet's behavior pads the sheet itself"
                ))
        }
        guard problems.isEmpty else { throw DeviceRefusal(problems: problems) }
        let content = Rect(
            x: 0, y: 0, width: min(screen.width, AndroidBottomSheet.maxWidth), height: sheet.contentHeight)
        if let frame, !contains(content, frame) {
            throw DeviceRefusal(
                "/scrollView/frame",
                "must lie in the bottom sheet's content (\(points(content.width)) × \(points(content.height)) dp), "
                    + "in its coordinates")
        }
    }

    /// Puts an accessory view of `height` on top of a keyboard the catalogue gave `event` (one sent, or logged,
    /// already holds it).
    private static func addAccessory(
        _ height: Double, to event: inout KeyboardEvent, _ resolution: inout DeviceResolution?
    ) {
        let fromDevice = Set(resolution?.values.map(\.pointer) ?? [])
        if fromDevice.contains("/keyboard/frameEnd"), let frame = event.keyboard.frameEnd {
            event.keyboard.frameEnd = adding(height, to: frame)
        }
        if fromDevice.contains("/keyboard/frameBegin"), let frame = event.keyboard.frameBegin {
            event.keyboard.frameBegin = adding(height, to: frame)
        }
        if let moved = resolution?.movedKeyboard { resolution?.movedKeyboard = adding(height, to: moved) }
    }

    /// The release whose bars a device shows when the request names none: the one its safe area was measured on,
    /// so that the bars and the safe area they stand on are of one release, when the device runs it; else the
    /// newest it runs.
    static func release(of device: Device, _ setting: DeviceSetting) -> String? {
        let runs = Set(device.systems.compactMap { SystemRelease($0)?.major })
        if let measured = device.safeArea(setting)?.system, let major = SystemRelease(measured)?.major,
            runs.contains(major)
        {
            return measured
        }
        return device.systems.last
    }

    /// A keyboard's frame with an accessory view of `height` on top of it.
    static func adding(_ height: Double, to keyboard: Rect) -> Rect {
        Rect(x: keyboard.x, y: keyboard.y - height, width: keyboard.width, height: keyboard.height + height)
    }

    /// The height of each bar that shows: sent, or the catalogue's for the device; a problem for each that is
    /// neither.
    private func barHeights(
        _ container: Container, resolution: DeviceResolution?, inSheet: Bool, values: inout [CatalogueValue]
    ) throws(DeviceRefusal) -> BarHeights {
        var problems: [MemberProblem] = []
        func height(_ bar: BarKind, style: NavigationBarStyle?, sent: Double?) -> Double? {
            if let sent { return sent }
            let pointer = "/container/\(bar.rawValue)/height"
            guard let resolution else {
                problems.append(
                    MemberProblem(
                        pointer: pointer,
                        message: "is required, unless /device names a device whose default the catalogue has"))
                return nil
            }
            let device = resolution.device
            let setting = resolution.setting
            let release = setting.system ?? Self.release(of: device, setting)
            guard
                let found = bars.height(
                    bar, style: style, family: device.family, orientation: setting.held, system: release,
                    runs: device.systems, inSheet: inSheet)
            else {
                let what = style.map { "a \($0.rawValue) navigation bar" } ?? "a \(bar.rawValue)"
                let on = (inSheet ? " in a sheet" : "") + (release.map { " on iOS \($0)" } ?? "")
                let why =
                    bars.absence(bar, style: style, family: device.family, system: release, inSheet: inSheet).map {
                        ": \($0.why)"
                    }
                    ?? ""
                problems.append(
                    MemberProblem(
                        pointer: pointer,
                        message: "is required: the catalogue has no published height for \(what) on an "
                            + "\(device.family.rawValue) in \(setting.held.rawValue)\(on)\(why)"))
                return nil
            }
            values.append(
                CatalogueValue(
                    pointer: pointer, value: .length(found.height.height), source: found.height.source,
                    system: found.system))
            return found.height.height
        }
        var heights = BarHeights()
        if let bar = container.navigationBar, bar.style != .none {
            heights.navigationBar = height(.navigationBar, style: bar.style, sent: bar.height)
        }
        if let bar = container.tabBar, !bar.hidden {
            heights.tabBar = height(.tabBar, style: nil, sent: bar.height)
        }
        if let bar = container.toolbar, !bar.hidden {
            heights.toolbar = height(.toolbar, style: nil, sent: bar.height)
        }
        guard problems.isEmpty else { throw DeviceRefusal(problems: problems) }
        return heights
    }
}

extension Scene {
    /// The scene as the device resolution must see it: with a container, the scroll view as it stood before the
    /// bars (its given frame or the view's, and the window's safe area), so that a rotation moves what followed
    /// the device.
    public var withoutContainerLayout: Scene {
        guard let state = container else { return self }
        var bare = self
        bare.setFrame(state.givenFrame ?? Rect(x: 0, y: 0, width: state.size.width, height: state.size.height))
        bare.scrollView.safeAreaInsets = state.windowSafeArea
        return bare
    }
}
