import InsetCore
import InsetSession

/// Every member a request body may carry, declared once: its JSON name, its kind and range, the bodies it
/// belongs to, whether it is required, where its value goes, and its key in a stored session record.
///
/// Both decoders (`GeneralDecoder`, which words every problem, and `FastDecoder`, which reads the usual
/// bodies in one pass), the session record and the session echo are driven by this table, and a test holds
/// its ranges and enums to `openapi.yaml`. Adding an optional member takes its core type, one entry here,
/// the spec and a test. The order is the one clients usually write members in, which the fast decoder expects
/// (a member out of that order costs it a lookup by name), and the one problems are reported in and the echo
/// writes. A frame comes before a content size, which must not follow a frame sent with it.
///
/// Defaults are the roots' own: `Scene()` (UIKit's, through `ScrollViewGeometry`) and `KeyboardInfo()`.
@usableFromInline
package enum RequestSchema {
    static let members: [Member] = [
        .body(
            Field(
                "sessionId", in: [.events, .gestures], required: .gestures, on: .both,
                .string(maxBytes: Limits.sessionIdBytes, get: { $0.sessionId }, set: { $0.sessionId = $1 }))),
        .body(
            Field(
                "timestamp", in: [.all, .gestures, .focus], on: .both,
                .number(Limits.timestamp, get: { $0.event.timestamp }, set: { $0.event.timestamp = $1 }))),
        .object(
            "scrollView", in: .all, required: [],
            [
                .geometry(
                    Field(
                        "frame", record: "f", requiredToCreate: true, on: .both,
                        .rect(get: { $0.scrollView.frame }, set: { $0.setFrame($1) }))),
                .geometry(
                    Field(
                        "safeAreaInsets", record: "sa",
                        .insets(
                            Limits.length, get: { $0.scrollView.safeAreaInsets },
                            set: { $0.scrollView.safeAreaInsets = $1 }))),
                .geometry(
                    Field(
                        "contentSize", record: "cs", on: .both,
                        .size(get: { $0.scrollView.contentSize }, set: { $0.setContentSize($1) }))),
                .geometry(
                    Field(
                        "contentOffset", record: "co", on: .both,
                        .point(get: { $0.scrollView.contentOffset }, set: { $0.scrollView.contentOffset = $1 }))),
                .geometry(
                    Field(
                        "contentInset", record: "ci",
                        .insets(
                            Limits.coordinate, get: { $0.scrollView.contentInset },
                            set: { $0.scrollView.contentInset = $1 }))),
                .geometry(
                    Field(
                        "scrollIndicatorInsets", record: "si",
                        .insets(
                            Limits.coordinate, get: { $0.scrollView.scrollIndicatorInsets },
                            set: { $0.scrollView.scrollIndicatorInsets = $1 }))),
                .geometry(
                    Field(
                        "contentInsetAdjustmentBehavior", record: "b",
                        .choice(
                            ContentInsetAdjustmentBehavior.self, get: { $0.scrollView.contentInsetAdjustmentBehavior },
                            set: { $0.scrollView.contentInsetAdjustmentBehavior = $1 }))),
                .geometry(
                    Field(
                        "automaticallyAdjustsScrollIndicatorInsets", record: "aa",
                        .bool(
                            get: { $0.scrollView.automaticallyAdjustsScrollIndicatorInsets },
                            set: { $0.scrollView.automaticallyAdjustsScrollIndicatorInsets = $1 }))),
                .geometry(
                    Field(
                        "alwaysBounceVertical", record: "bv",
                        .bool(
                            get: { $0.scrollView.alwaysBounceVertical },
                            set: { $0.scrollView.alwaysBounceVertical = $1 }))),
                .geometry(
                    Field(
                        "inverted", record: "iv",
                        .bool(get: { $0.scrollView.inverted }, set: { $0.scrollView.inverted = $1 }))),
                .geometry(
                    Field(
                        "keyboardDismissMode", record: "dm",
                        .choice(
                            KeyboardDismissMode.self, get: { $0.scrollView.keyboardDismissMode },
                            set: { $0.scrollView.keyboardDismissMode = $1 }))),
            ]),
        .geometry(
            Field("screen", record: "s", on: .both, .size(get: { $0.space.screen }, set: { $0.space.screen = $1 }))),
        .object(
            "keyboard", in: .events, required: [],
            [
                .keyboard(
                    Field(
                        "frameEnd", record: "fe", on: .both,
                        .rect(get: { $0.frameEnd }, set: { $0.frameEnd = $1 }))),
                .keyboard(
                    Field(
                        "animationDuration", record: "d",
                        .number(
                            Limits.animationDuration, get: { $0.animationDuration },
                            set: { $0.animationDuration = $1 }))),
                .keyboard(
                    Field(
                        "animationCurve", record: "c",
                        .integer(Limits.animationCurve, get: { $0.animationCurve }, set: { $0.animationCurve = $1 }))),
                .keyboard(
                    Field(
                        "frameBegin", record: "fb", on: .both,
                        .rect(get: { $0.frameBegin }, set: { $0.frameBegin = $1 }))),
                .keyboard(Field("isLocal", record: "l", .bool(get: { $0.isLocal }, set: { $0.isLocal = $1 }))),
                // A device's keyboard by its configuration, which the catalogue turns into `frameEnd`; kept with
                // the scene, so that a rotation turns the same keyboard.
                .geometry(
                    Field(
                        "predictive", record: "kp",
                        .bool(get: { $0.device.keyboard.predictive }, set: { $0.device.keyboard.predictive = $1 }))),
                .geometry(Field("type", record: "kt", .deviceChoice(KeyboardType.self, \.keyboard.type))),
                .geometry(Field("mode", record: "km", .deviceChoice(KeyboardMode.self, \.keyboard.mode))),
                // The web's keyboard: how much of the viewport it covers, CSS px (docs/web.md).
                .geometry(
                    Field(
                        "height", record: "kh", in: .events, on: .web,
                        .number(Limits.length, get: { $0.web.keyboardHeight }, set: { $0.web.keyboardHeight = $1 }))),
                .userInfo,
            ]),
        .geometry(
            Field("focusedRect", record: "fr", on: .every, .rect(get: { $0.focusedRect }, set: { $0.focusedRect = $1 }))
        ),
        .geometry(
            Field(
                "fields", record: "ff",
                .list(of: FormField.self, maxCount: Limits.fields, get: { $0.fields }, set: { $0.fields = $1 }))),
        .geometry(
            Field(
                "focus", record: "fo",
                .string(maxBytes: Limits.stringBytes, get: { $0.focus }, set: { $0.focus = $1 }))),
        .geometry(
            Field(
                "scrollPosition", record: "sp",
                .choice(
                    ScrollPosition.self, get: { $0.options.scrollPosition }, set: { $0.options.scrollPosition = $1 }))),
        .body(
            Field(
                "field", in: .focus, required: .focus,
                .string(maxBytes: Limits.stringBytes, get: { $0.field }, set: { $0.field = $1 }))),
        .body(
            Field("touch", in: .drag, required: .drag, .point(get: { $0.touch }, set: { $0.touch = $1 }))),
        .object(
            "velocity", in: .release, required: .release,
            [
                .body(
                    Field(
                        "y", in: .release, required: .release,
                        .number(Limits.velocity, get: { $0.velocityY }, set: { $0.velocityY = $1 })))
            ]),
        .geometry(Field("window", record: "w", .rect(get: { $0.space.window }, set: { $0.setWindow($1) }))),
        .geometry(
            Field(
                "keyboardDistance", record: "kd",
                .number(
                    Limits.keyboardDistance, get: { $0.options.keyboardDistance },
                    set: { $0.options.keyboardDistance = $1 }))),
        .geometry(
            Field(
                "baseInsetMode", record: "m",
                .choice(BaseInsetMode.self, get: { $0.options.baseInsetMode }, set: { $0.options.baseInsetMode = $1 }))),
        .geometry(
            Field(
                "followsUndockedKeyboard", record: "fu",
                .bool(
                    get: { $0.options.followsUndockedKeyboard }, set: { $0.options.followsUndockedKeyboard = $1 }))),
        .geometry(
            Field(
                "usesBottomSafeArea", record: "ub",
                .bool(get: { $0.options.usesBottomSafeArea }, set: { $0.options.usesBottomSafeArea = $1 }))),
        .geometry(
            Field(
                "keyboardLiftBehavior", record: "lb",
                .choice(
                    KeyboardLiftBehavior.self, get: { $0.options.keyboardLiftBehavior },
                    set: { $0.options.keyboardLiftBehavior = $1 }))),
        .geometry(
            Field(
                "keyboardDismissPadding", record: "dp",
                .number(
                    Limits.keyboardDismissPadding, get: { $0.options.keyboardDismissPadding },
                    set: { $0.options.keyboardDismissPadding = $1 }))),
        .geometry(
            Field(
                "pinnedViews", record: "pv",
                .list(
                    of: PinnedView.self, maxCount: Limits.pinnedViews, get: { $0.pinnedViews },
                    set: { $0.pinnedViews = $1 }))),
        .geometry(
            Field(
                "interruption", record: "ir", in: .session,
                .choice(Interruption.self, get: { $0.interruption }, set: { $0.interruption = $1 }))),
        // Last: most bodies send no device, and the fast decoder expects members in this order.
        .object(
            "device", in: .all, required: [],
            [
                .geometry(
                    Field(
                        "id", record: "di", on: .every,
                        .string(
                            maxBytes: Limits.deviceIdBytes, get: { $0.device.id }, set: { $0.device.id = $1 }))),
                .geometry(
                    Field(
                        "orientation", record: "do", on: .every,
                        .deviceChoice(DeviceOrientation.self, \.orientation))),
                .geometry(
                    Field(
                        "system", record: "ds",
                        .string(
                            maxBytes: Limits.systemBytes, get: { $0.device.system }, set: { $0.device.system = $1 }))),
            ]),
        // Android's (docs/android.md), after the members iOS bodies send: `platform`, then the window's own.
        .geometry(
            Field(
                "platform", record: "pl", on: .every,
                .choice(Platform.self, get: { $0.platform }, set: { $0.platform = $1 }))),
        .object(
            "systemBars", in: .all, required: [],
            [
                .geometry(
                    Field(
                        "top", record: "bt", on: .android,
                        .number(Limits.length, get: { $0.android.statusBar }, set: { $0.android.statusBar = $1 }))),
                .geometry(
                    Field(
                        "bottom", record: "bb", on: .android,
                        .number(
                            Limits.length, get: { $0.android.navigationBar },
                            set: { $0.android.navigationBar = $1 }))),
            ]),
        .geometry(
            Field(
                "navigationMode", record: "nm", on: [.android, .web],
                .choice(
                    NavigationMode.self, get: { $0.android.navigationMode },
                    set: { $0.android.navigationMode = $1 }))),
        .geometry(
            Field(
                "windowSoftInputMode", record: "sm", on: .android,
                .choice(
                    SoftInputMode.self, get: { $0.android.softInputMode }, set: { $0.android.softInputMode = $1 }))),
        .geometry(
            Field(
                "edgeToEdge", record: "ee", on: .android,
                .bool(get: { $0.android.edgeToEdge }, set: { $0.android.edgeToEdge = $1 }))),
        .geometry(
            Field(
                "imeInsets", record: "ii", on: .android,
                .choice(ImeInsetsHandling.self, get: { $0.android.imeInsets }, set: { $0.android.imeInsets = $1 }))),
        .geometry(
            Field(
                "insetsAnimationCallback", record: "ac", on: .android,
                .bool(
                    get: { $0.android.insetsAnimationCallback },
                    set: { $0.android.insetsAnimationCallback = $1 }))),
        .geometry(
            Field(
                "caretRect", record: "cr", on: [.android, .web],
                .rect(get: { $0.android.caretRect }, set: { $0.android.caretRect = $1 }))),
        // The web's (docs/web.md): the browser, the page's viewport and settings, the document and its fixed bars.
        .object(
            "browser", in: .all, required: [],
            [
                .geometry(
                    Field(
                        "engine", record: "we", in: .all, on: .web,
                        .choice(
                            WebEngine.self, get: { $0.web.engine }, set: { $0.web.engine = $1 }))),
                .geometry(
                    Field(
                        "os", record: "wo", in: .all, on: .web,
                        .choice(WebOS.self, get: { $0.web.os }, set: { $0.web.os = $1 }))),
                .geometry(
                    Field(
                        "version", record: "wv", in: .all, on: .web,
                        .string(
                            maxBytes: Limits.browserVersionBytes, get: { $0.web.version },
                            set: { $0.web.version = $1 }))),
                .geometry(
                    Field(
                        "toolbarHeight", record: "wt", in: .all, on: .web,
                        .number(Limits.length, get: { $0.web.toolbarHeight }, set: { $0.web.toolbarHeight = $1 }))),
            ]),
        .geometry(
            Field(
                "viewport", record: "vp", in: .all, on: .web,
                .size(get: { $0.web.viewport }, set: { $0.web.viewport = $1 }))),
        .geometry(
            Field(
                "interactiveWidget", record: "iw", in: .all, on: .web,
                .choice(
                    InteractiveWidget.self, get: { $0.web.interactiveWidget },
                    set: { $0.web.interactiveWidget = $1 }))),
        .object(
            "virtualKeyboard", in: .all, required: [],
            [
                .geometry(
                    Field(
                        "overlaysContent", record: "vo", in: .all, on: .web,
                        .bool(get: { $0.web.overlaysContent }, set: { $0.web.overlaysContent = $1 })))
            ]),
        .geometry(
            Field(
                "documentHeight", record: "dh", in: .all, on: .web,
                .number(Limits.length, get: { $0.web.documentHeight }, set: { $0.web.documentHeight = $1 }))),
        .geometry(
            Field(
                "scroll", record: "sc", in: .all, on: .web,
                .point(get: { $0.web.scroll }, set: { $0.web.scroll = $1 }))),
        .geometry(
            Field(
                "fixedElements", record: "fx", in: .all, on: .web,
                .fixedElements(get: { $0.web.fixedElements }, set: { $0.web.fixedElements = $1 }))),
        .geometry(
            Field(
                "focusedIn", record: "fi", in: .all, on: .web,
                .string(maxBytes: Limits.stringBytes, get: { $0.web.focusedIn }, set: { $0.web.focusedIn = $1 }))),
        // Last, after every member the fast decoder reads by position: the bars around the scroll view
        // (docs/containers.md), which only the general decoder reads; each platform's bars are checked when laid out.
        .geometry(
            Field(
                "container", record: "ct", on: .both,
                .container(get: { $0.container }, set: { $0.container = $1 }))),
    ]

    /// The members `members` declares, resolved for decoding.
    package static let top = ObjectSchema(members, pointer: "")

    /// The scene's values in the order their bits are numbered, with the pointer each is sent at: the order of
    /// `SceneValue`, whose bits the decoders set (checked once, here).
    package static let geometry: [(field: Field<Scene>, pointer: String)] = {
        let fields = top.geometryFields
        precondition(
            fields.map { "\($0.field.name)" } == SceneValue.allCases.map { "\($0)" },
            "the schema's scene values are not in SceneValue's order")
        return fields
    }()

    /// The scene's values alone, in bit order.
    package static let geometryFields: [Field<Scene>] = geometry.map(\.field)

    /// The bits of the scene values a body that creates a scene must send.
    @usableFromInline package static let requiredToCreate = SceneValues(
        rawValue: geometry.indices.reduce(0) { geometry[$1].field.requiredToCreate ? $0 | 1 << UInt64($1) : $0 })

    /// The keyboard's values: the members of the `keyboard` object.
    package static let keyboard: [Field<KeyboardInfo>] = top.keyboardFields
}
