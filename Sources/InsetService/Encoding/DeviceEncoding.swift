import InsetCore
import InsetDevices
import InsetJSON
import InsetSession

extension JSONWriter {
    /// `catalogue`: which device a request was answered for and the numbers it took from the catalogue, each with
    /// its source, so that the same request with the numbers written out gives the same answer.
    mutating func catalogue(_ resolution: DeviceResolution) {
        key(static: "catalogue")
        beginObject()
        field("device", resolution.device.id)
        field("name", resolution.device.name)
        deviceSetting(resolution.setting)
        key(static: "values")
        beginArray()
        for value in resolution.values {
            beginObject()
            field("pointer", value.pointer)
            key(static: "value")
            switch value.value {
            case .size(let size): self.size(size)
            case .insets(let insets): self.insets(insets)
            case .rect(let rect): self.rect(rect)
            case .length(let length): number(length)
            }
            field("source", value.source)
            if let system = value.system { field("system", system) }
            if let measuredOn = value.measuredOn { field("measuredOn", measuredOn) }
            endObject()
        }
        endArray()
        endObject()
    }

    /// A scene's device as a request sends it, less its id: orientation, release and keyboard.
    mutating func deviceSetting(_ setting: DeviceSetting) {
        field("orientation", setting.held.rawValue)
        key(static: "system")
        if let system = setting.system { string(system) } else { null() }
        key(static: "keyboard")
        let keyboard = setting.keyboard.shown
        beginObject()
        field("predictive", keyboard.predictive)
        field("type", keyboard.type.rawValue)
        field("mode", keyboard.mode.rawValue)
        endObject()
    }

    /// A session's `device`: null, or the device its scene is on as a request names it (on Android, its id and
    /// how it is held: the release and the keyboard are iOS's).
    mutating func sceneDevice(_ setting: DeviceSetting, platform: Platform = .ios) {
        key(static: "device")
        guard let id = setting.id else { return null() }
        beginObject()
        field("id", id)
        if platform != .ios {
            // A window's or a page's device: which one, and how it is held (its keyboard's settings are iOS's).
            field("orientation", setting.held.rawValue)
        } else {
            deviceSetting(setting)
        }
        endObject()
    }

    /// `GET /devices`: every device's id, name, platform and family, and an iOS device's releases: the iOS devices,
    /// then the Android ones.
    mutating func deviceList(_ catalogue: DeviceCatalogue) {
        beginObject()
        key(static: "devices")
        beginArray()
        for device in catalogue.devices {
            beginObject()
            deviceHeader(device)
            endObject()
        }
        for device in catalogue.androidDevices {
            beginObject()
            androidHeader(device)
            endObject()
        }
        endArray()
        endObject()
    }

    /// `GET /devices/{id}` of an Android device: its screen in dp and density, its bars and IME heights, each with
    /// its source, and the sources it names.
    mutating func androidEntry(_ device: AndroidDevice, in catalogue: DeviceCatalogue) {
        beginObject()
        androidHeader(device)
        key(static: "screen")
        beginObject()
        field("width", device.screen.value.width)
        field("height", device.screen.value.height)
        field("density", device.screen.value.density)
        field("source", device.screen.source)
        endObject()
        androidBars("statusBars", device.statusBars)
        androidBars("navigationBars", device.navigationBars)
        androidBars("imes", device.imes)
        key(static: "absent")
        beginArray()
        for reason in device.absent { string(reason) }
        endArray()
        catalogueSources(device.sourceIds, in: catalogue)
        endObject()
    }

    /// A device entry's `containers`: the bar heights, absences and sheet rules that apply to it.
    private mutating func deviceContainers(
        _ containers: (heights: [BarHeight], absent: [BarAbsence], sheets: [SheetRule])
    ) {
        key(static: "containers")
        beginObject()
        key(static: "bars")
        beginArray()
        for entry in containers.heights {
            beginObject()
            barEntry(entry.bar, style: entry.style, inSheet: entry.inSheet, systems: entry.systems)
            field("orientation", entry.orientation.rawValue)
            field("height", entry.height)
            field("source", entry.source)
            endObject()
        }
        endArray()
        key(static: "barsAbsent")
        beginArray()
        for entry in containers.absent {
            beginObject()
            barEntry(entry.bar, style: entry.style, inSheet: entry.inSheet, systems: entry.systems)
            field("why", entry.why)
            endObject()
        }
        endArray()
        key(static: "sheets")
        beginArray()
        for rule in containers.sheets {
            beginObject()
            releases(rule.systems)
            field("largeTopGap", rule.largeTopGap)
            field("source", rule.source)
            key(static: "focusExpandsSource")
            if let source = rule.focusExpandsSource { string(source) } else { null() }
            endObject()
        }
        endArray()
        endObject()
    }

    /// What a bar entry or absence concerns: the bar, its style, whether in a sheet, and the releases.
    private mutating func barEntry(_ bar: BarKind, style: NavigationBarStyle?, inSheet: Bool, systems: [String]) {
        field("bar", bar.rawValue)
        if let style { field("style", style.rawValue) }
        if inSheet { field("inSheet", true) }
        releases(systems)
    }

    private mutating func releases(_ systems: [String]) {
        key(static: "systems")
        beginArray()
        for system in systems { string(system) }
        endArray()
    }

    private mutating func androidBars(_ name: StaticString, _ bars: [AndroidBar]) {
        key(static: name)
        beginArray()
        for bar in bars {
            beginObject()
            if let mode = bar.mode { field("mode", mode.rawValue) }
            field("orientation", bar.orientation.rawValue)
            field("height", bar.height)
            provenance(system: bar.system, source: bar.source, measuredOn: bar.measuredOn)
            endObject()
        }
        endArray()
    }

    private mutating func androidHeader(_ device: AndroidDevice) {
        field("id", device.id)
        field("name", device.name)
        field("platform", "android")
        field("family", device.family.rawValue)
    }

    /// `GET /devices/{id}`: the whole entry, each number with its source, and the sources it names.
    mutating func deviceEntry(_ device: Device, in catalogue: DeviceCatalogue) {
        beginObject()
        deviceHeader(device)
        key(static: "screen")
        beginObject()
        field("width", device.screen.value.width)
        field("height", device.screen.value.height)
        field("scale", device.screen.value.scale)
        field("source", device.screen.source)
        endObject()
        key(static: "safeAreas")
        beginArray()
        for area in device.safeAreas {
            beginObject()
            field("orientation", area.orientation.rawValue)
            key(static: "insets")
            insets(area.insets)
            provenance(system: area.system, source: area.source, measuredOn: area.measuredOn)
            endObject()
        }
        endArray()
        key(static: "keyboards")
        beginArray()
        for keyboard in device.keyboards {
            beginObject()
            field("orientation", keyboard.orientation.rawValue)
            field("type", keyboard.type.rawValue)
            key(static: "predictive")
            if let predictive = keyboard.predictive { bool(predictive) } else { null() }
            field("mode", keyboard.mode.rawValue)
            key(static: "frame")
            rect(keyboard.frame)
            provenance(system: keyboard.system, source: keyboard.source, measuredOn: keyboard.measuredOn)
            endObject()
        }
        endArray()
        key(static: "absent")
        beginArray()
        for reason in device.absent { string(reason) }
        endArray()
        let containers = catalogue.bars.applying(to: device.family, runs: device.systems)
        deviceContainers(containers)
        var ids = device.sourceIds
        let adaptation =
            containers.sheets.isEmpty
            ? [] : [catalogue.bars.sheetStylesSource, catalogue.bars.compactHeightSource].compactMap { $0 }
        for id in containers.heights.map(\.source)
            + containers.sheets.flatMap({ [$0.source, $0.focusExpandsSource].compactMap { $0 } }) + adaptation
        where !ids.contains(id) {
            ids.append(id)
        }
        catalogueSources(ids, in: catalogue)
        endObject()
    }

    /// `sources`: the catalogue's sources named by `ids`, written out.
    private mutating func catalogueSources(_ ids: [String], in catalogue: DeviceCatalogue) {
        key(static: "sources")
        beginArray()
        for id in ids {
            guard let source = catalogue.source(id) else { continue }
            beginObject()
            field("id", source.id)
            field("publisher", source.publisher)
            field("title", source.title)
            field("kind", source.kind)
            key(static: "year")
            if let year = source.year { int(year) } else { null() }
            field("covers", source.covers)
            endObject()
        }
        endArray()
    }

    /// Where a measurement comes from: its release (null when the source does not say), its source, and the
    /// device it was measured on when another.
    private mutating func provenance(system: String?, source: String, measuredOn: String?) {
        key(static: "system")
        if let system { string(system) } else { null() }
        field("source", source)
        if let measuredOn { field("measuredOn", measuredOn) }
    }

    private mutating func deviceHeader(_ device: Device) {
        field("id", device.id)
        field("name", device.name)
        field("platform", "ios")
        field("family", device.family.rawValue)
        key(static: "systems")
        beginArray()
        for system in device.systems { string(system) }
        endArray()
    }
}
