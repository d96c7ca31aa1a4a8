import InsetCore

/// One value of a scene that a change may set. The cases are in the order a patch applies them (a frame before
/// a content size, which must not follow a frame set with it); a value's bit in `SceneValues` is its index.
///
/// `id`, `orientation` and `system` are the device's (`DeviceSetting`); `predictive`, `type` and `mode` its keyboard's;
/// `container` is the whole of `ContainerState`, which the service lays out before a patch is applied;
/// `top` and `bottom` are Android's system bars (`AndroidSetting.statusBar`, `.navigationBar`).
public enum SceneValue: UInt8, CaseIterable, Sendable {
    case frame, safeAreaInsets, contentSize, contentOffset, contentInset, scrollIndicatorInsets
    case contentInsetAdjustmentBehavior, automaticallyAdjustsScrollIndicatorInsets, alwaysBounceVertical, inverted
    case keyboardDismissMode, screen, predictive, type, mode, height, focusedRect, fields, focus, scrollPosition,
        window, keyboardDistance
    case baseInsetMode, followsUndockedKeyboard, usesBottomSafeArea, keyboardLiftBehavior, keyboardDismissPadding
    case pinnedViews, interruption, id, orientation, system
    case platform, top, bottom, navigationMode, windowSoftInputMode, edgeToEdge, imeInsets, insetsAnimationCallback
    case caretRect
    case engine, os, version, toolbarHeight, viewport, interactiveWidget, overlaysContent, documentHeight, scroll,
        fixedElements, focusedIn
    case container

    /// Copies this value from `source` to `target` as setting it would: a frame drags a content size that
    /// follows it, a content size or a window stays as set. An optional value `source` lacks is left alone.
    func copy(from source: Scene, to target: inout Scene) {
        switch self {
        case .id: if let id = source.device.id { target.device.id = id }
        case .orientation: if let held = source.device.orientation { target.device.orientation = held }
        case .system: if let system = source.device.system { target.device.system = system }
        case .predictive: if let bar = source.device.keyboard.predictive { target.device.keyboard.predictive = bar }
        case .type: if let type = source.device.keyboard.type { target.device.keyboard.type = type }
        case .mode: if let mode = source.device.keyboard.mode { target.device.keyboard.mode = mode }
        case .frame: target.setFrame(source.scrollView.frame)
        case .safeAreaInsets: target.scrollView.safeAreaInsets = source.scrollView.safeAreaInsets
        case .contentSize: target.setContentSize(source.scrollView.contentSize)
        case .contentOffset: target.scrollView.contentOffset = source.scrollView.contentOffset
        case .contentInset: target.scrollView.contentInset = source.scrollView.contentInset
        case .scrollIndicatorInsets: target.scrollView.scrollIndicatorInsets = source.scrollView.scrollIndicatorInsets
        case .contentInsetAdjustmentBehavior:
            target.scrollView.contentInsetAdjustmentBehavior = source.scrollView.contentInsetAdjustmentBehavior
        case .automaticallyAdjustsScrollIndicatorInsets:
            target.scrollView.automaticallyAdjustsScrollIndicatorInsets =
                source.scrollView.automaticallyAdjustsScrollIndicatorInsets
        case .alwaysBounceVertical: target.scrollView.alwaysBounceVertical = source.scrollView.alwaysBounceVertical
        case .inverted: target.scrollView.inverted = source.scrollView.inverted
        case .keyboardDismissMode: target.scrollView.keyboardDismissMode = source.scrollView.keyboardDismissMode
        case .screen: if let screen = source.space.screen { target.space.screen = screen }
        case .focusedRect: if let rect = source.focusedRect { target.focusedRect = rect }
        case .fields: target.fields = source.fields
        case .focus: if let focus = source.focus { target.focus = focus }
        case .scrollPosition: target.options.scrollPosition = source.options.scrollPosition
        case .window: target.setWindow(source.space.window)
        case .keyboardDistance: target.options.keyboardDistance = source.options.keyboardDistance
        case .baseInsetMode: target.options.baseInsetMode = source.options.baseInsetMode
        case .followsUndockedKeyboard: target.options.followsUndockedKeyboard = source.options.followsUndockedKeyboard
        case .usesBottomSafeArea: target.options.usesBottomSafeArea = source.options.usesBottomSafeArea
        case .keyboardLiftBehavior: target.options.keyboardLiftBehavior = source.options.keyboardLiftBehavior
        case .keyboardDismissPadding: target.options.keyboardDismissPadding = source.options.keyboardDismissPadding
        case .pinnedViews: target.pinnedViews = source.pinnedViews
        case .interruption: target.interruption = source.interruption
        case .container: if let container = source.container { target.container = container }
        case .platform: target.platform = source.platform
        case .top: target.android.statusBar = source.android.statusBar
        case .bottom: target.android.navigationBar = source.android.navigationBar
        case .navigationMode: target.android.navigationMode = source.android.navigationMode
        case .windowSoftInputMode: target.android.softInputMode = source.android.softInputMode
        case .edgeToEdge: target.android.edgeToEdge = source.android.edgeToEdge
        case .imeInsets: target.android.imeInsets = source.android.imeInsets
        case .insetsAnimationCallback: target.android.insetsAnimationCallback = source.android.insetsAnimationCallback
        case .caretRect: if let rect = source.android.caretRect { target.android.caretRect = rect }
        case .height: if let height = source.web.keyboardHeight { target.web.keyboardHeight = height }
        case .engine: if let engine = source.web.engine { target.web.engine = engine }
        case .os: if let os = source.web.os { target.web.os = os }
        case .version: if let version = source.web.version { target.web.version = version }
        case .toolbarHeight: if let height = source.web.toolbarHeight { target.web.toolbarHeight = height }
        case .viewport: if let viewport = source.web.viewport { target.web.viewport = viewport }
        case .interactiveWidget:
            if let widget = source.web.interactiveWidget { target.web.interactiveWidget = widget }
        case .overlaysContent: if let overlays = source.web.overlaysContent { target.web.overlaysContent = overlays }
        case .documentHeight: if let height = source.web.documentHeight { target.web.documentHeight = height }
        case .scroll: if let scroll = source.web.scroll { target.web.scroll = scroll }
        case .fixedElements: if let elements = source.web.fixedElements { target.web.fixedElements = elements }
        case .focusedIn: if let id = source.web.focusedIn { target.web.focusedIn = id }
        }
    }
}

/// A set of `SceneValue`s, one bit each, at the value's index.
public struct SceneValues: OptionSet, Sendable, Hashable {
    /// One bit per `SceneValue`, at its index.
    public var rawValue: UInt64

    /// The set whose bits are `rawValue`'s.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The set holding `value` alone.
    public init(_ value: SceneValue) { self.init(rawValue: 1 << UInt64(value.rawValue)) }

    /// `SceneValue.frame`.
    public static let frame = SceneValues(.frame)
    /// `SceneValue.safeAreaInsets`.
    public static let safeAreaInsets = SceneValues(.safeAreaInsets)
    /// `SceneValue.screen`.
    public static let screen = SceneValues(.screen)
    /// The device's values: which device, how it is held, and the release its numbers come from.
    public static let device: SceneValues = [SceneValues(.id), SceneValues(.orientation), SceneValues(.system)]
    /// The device's keyboard: its predictive bar, its keys and its mode.
    public static let keyboardSetting: SceneValues = [SceneValues(.predictive), SceneValues(.type), SceneValues(.mode)]
    /// `SceneValue.contentOffset`.
    public static let contentOffset = SceneValues(.contentOffset)
    /// `SceneValue.focus`.
    public static let focus = SceneValues(.focus)
    /// `SceneValue.focusedRect`.
    public static let focusedRect = SceneValues(.focusedRect)
    /// `SceneValue.fields`.
    public static let fields = SceneValues(.fields)
    /// The values that say what a form reveals: a patch that sets one re-targets at once while the keyboard is
    /// shown.
    public static let revealing: SceneValues = [.focus, .focusedRect, .fields, SceneValues(.scrollPosition)]
    /// `SceneValue.platform`.
    public static let platform = SceneValues(.platform)
    /// `SceneValue.container`. Computed, so that asking for it on every request costs no once-check.
    @inlinable public static var container: SceneValues {
        SceneValues(rawValue: 1 << UInt64(SceneValue.container.rawValue))
    }
}
