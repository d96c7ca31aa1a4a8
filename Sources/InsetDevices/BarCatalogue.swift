import InsetCore
import InsetJSON
import InsetSession

/// The bars a container may hold whose default height the catalogue can give.
public enum BarKind: String, CaseIterable, Sendable {
    case navigationBar, tabBar, toolbar
}

/// One published default height: a bar (a navigation bar in one style) on a family of devices held one way, on
/// the releases the source covers.
public struct BarHeight: Sendable {
    /// Which bar.
    public var bar: BarKind
    /// For a navigation bar, its style; nil for the other bars.
    public var style: NavigationBarStyle?
    /// The family of devices it holds for.
    public var family: DeviceFamily
    /// How the device is held.
    public var orientation: DeviceOrientation
    /// The iOS releases (majors) it holds for.
    public var systems: [String]
    /// The height, in points (a tab bar's above the bottom safe area).
    public var height: Double
    /// The catalogue's source that gives it.
    public var source: String
    /// Whether it is the bar's height in a sheet (`"in": "sheet"`), which has no status bar above it.
    public var inSheet: Bool = false
}

/// A default height the catalogue does not have, and why: for a bar, on a family (nil: every family), on
/// releases (empty: every release).
public struct BarAbsence: Sendable {
    /// Which bar.
    public var bar: BarKind
    /// The family it concerns; nil: every family.
    public var family: DeviceFamily?
    /// The releases it concerns; empty: every release.
    public var systems: [String]
    /// Why no number is given: what was looked for and not found.
    public var why: String
    /// Whether it concerns the bar in a sheet only.
    public var inSheet: Bool = false
    /// For a navigation bar, the style it concerns; nil: every style.
    public var style: NavigationBarStyle? = nil
}

/// Where a sheet stands on an iPhone in portrait on some releases (`devices.json`, `bars.sheets`).
public struct SheetRule: Sendable {
    /// The iOS releases (majors) it holds for.
    public var systems: [String]
    /// The gap between the window's top safe area and a sheet at the `large` detent.
    public var largeTopGap: Double
    /// The source of the gap.
    public var source: String
    /// The source saying that a field taking focus expands the sheet to its largest detent; nil when none says
    /// what the keyboard does to a sheet below its largest detent on these releases.
    public var focusExpandsSource: String?
}

/// The containers' default bar heights and what is not published (`devices.json`, `bars`).
public struct BarCatalogue: Sendable {
    /// The published heights.
    public var heights: [BarHeight] = []
    /// What is known to be unpublished.
    public var absent: [BarAbsence] = []
    /// Where sheets stand, by release.
    public var sheets: [SheetRule] = []
    /// The source saying which styles show as a sheet on an iPhone in portrait.
    public var sheetStylesSource: String?
    /// The source saying that a sheet is full screen in a compact height.
    public var compactHeightSource: String?

    /// What applies to a device of `family` running `systems`: the heights for its family on a release it runs,
    /// the absences that concern it, and the sheet rules for those releases (an iPhone's only).
    public func applying(
        to family: DeviceFamily, runs systems: [String]
    ) -> (heights: [BarHeight], absent: [BarAbsence], sheets: [SheetRule]) {
        let runs = Set(systems.compactMap { SystemRelease($0)?.major })
        func concerns(_ releases: [String]) -> Bool {
            releases.contains { SystemRelease($0).map { runs.contains($0.major) } ?? false }
        }
        return (
            heights.filter { $0.family == family && concerns($0.systems) },
            absent.filter { ($0.family.map { $0 == family } ?? true) && ($0.systems.isEmpty || concerns($0.systems)) },
            family == .iPhone ? sheets.filter { concerns($0.systems) } : []
        )
    }

    /// The sheet rule for `system`'s major release, if any.
    public func sheetRule(system: String?) -> SheetRule? {
        guard let major = system.flatMap(SystemRelease.init)?.major else { return nil }
        return sheets.first { $0.systems.contains { SystemRelease($0)?.major == major } }
    }

    /// The height of `bar` (in `style`, for a navigation bar) on `family` held `orientation`, on `system`'s major
    /// release (a device that `runs` it): nil when none is published. Without a release, the newest the device
    /// runs that one is published for.
    public func height(
        _ bar: BarKind, style: NavigationBarStyle?, family: DeviceFamily, orientation: DeviceOrientation,
        system: String?, runs: [String], inSheet: Bool = false
    ) -> (height: BarHeight, system: String)? {
        let wanted = system.flatMap(SystemRelease.init)?.major
        let majors = Set(runs.compactMap { SystemRelease($0)?.major })
        var best: (height: BarHeight, system: String, major: Int)?
        for entry in heights
        where entry.bar == bar && entry.style == style && entry.family == family && entry.orientation == orientation
            && entry.inSheet == inSheet
        {
            for release in entry.systems {
                guard let major = SystemRelease(release)?.major else { continue }
                if let wanted, major != wanted { continue }
                guard majors.contains(major) else { continue }
                if best.map({ $0.major < major }) ?? true { best = (entry, release, major) }
            }
        }
        return best.map { ($0.height, $0.system) }
    }

    /// Why the catalogue has no height for `bar` on `family` on `system` (in a sheet), when it says: a reason
    /// about sheets first, then one about the bar anywhere.
    public func absence(
        _ bar: BarKind, style: NavigationBarStyle? = nil, family: DeviceFamily, system: String?, inSheet: Bool = false
    ) -> BarAbsence? {
        let major = system.flatMap(SystemRelease.init)?.major
        let matching = absent.filter { entry in
            entry.bar == bar && (!entry.inSheet || inSheet) && (entry.family.map { $0 == family } ?? true)
                && (entry.style.map { $0 == style } ?? true)
                && (entry.systems.isEmpty
                    || entry.systems.contains { release in SystemRelease(release)?.major == major })
        }
        return matching.first { $0.inSheet } ?? matching.first
    }
}

extension CatalogueReader {
    /// The `bars` section: `heights`, each naming a declared source, `absent`, and `sheets`.
    func bars(_ value: JSONValue, _ path: String) throws(CatalogueError) -> BarCatalogue {
        let object = try object(value, path, allowed: ["about", "heights", "absent", "sheets", "sheetAdaptation"])
        var catalogue = BarCatalogue()
        for (position, item) in try array(object["heights"] ?? .array([]), path + ".heights").enumerated() {
            let at = "\(path).heights[\(position)]"
            let entry = try self.object(
                item, at,
                allowed: ["bar", "style", "family", "orientation", "systems", "height", "source", "note", "in"])
            let bar = try choice(entry["bar"], at + ".bar", BarKind.self)
            let style = try entry["style"].map { (value) throws(CatalogueError) in
                try choice(value, at + ".style", NavigationBarStyle.self)
            }
            guard (bar == .navigationBar) == (style != nil) else {
                throw fail(at + ".style", "is given for a navigation bar, and only for one")
            }
            catalogue.heights.append(
                BarHeight(
                    bar: bar, style: style, family: try choice(entry["family"], at + ".family", DeviceFamily.self),
                    orientation: try choice(entry["orientation"], at + ".orientation", DeviceOrientation.self),
                    systems: try releases(entry["systems"], at + ".systems", required: true),
                    height: try number(entry["height"], at + ".height", in: 0...1000),
                    source: try source(entry["source"], at + ".source"), inSheet: try inSheet(entry["in"], at + ".in")))
        }
        for (position, item) in try array(object["absent"] ?? .array([]), path + ".absent").enumerated() {
            let at = "\(path).absent[\(position)]"
            let entry = try self.object(item, at, allowed: ["bar", "style", "family", "systems", "why", "in"])
            catalogue.absent.append(
                BarAbsence(
                    bar: try choice(entry["bar"], at + ".bar", BarKind.self),
                    family: try entry["family"].map { (value) throws(CatalogueError) in
                        try choice(value, at + ".family", DeviceFamily.self)
                    },
                    systems: try releases(entry["systems"], at + ".systems", required: false),
                    why: try string(entry["why"], at + ".why"), inSheet: try inSheet(entry["in"], at + ".in"),
                    style: try entry["style"].map { (value) throws(CatalogueError) in
                        try choice(value, at + ".style", NavigationBarStyle.self)
                    }))
        }
        for (position, item) in try array(object["sheets"] ?? .array([]), path + ".sheets").enumerated() {
            let at = "\(path).sheets[\(position)]"
            let entry = try self.object(
                item, at, allowed: ["systems", "largeTopGap", "source", "focusExpandsSource", "note"])
            catalogue.sheets.append(
                SheetRule(
                    systems: try releases(entry["systems"], at + ".systems", required: true),
                    largeTopGap: try number(entry["largeTopGap"], at + ".largeTopGap", in: 0...100),
                    source: try source(entry["source"], at + ".source"),
                    focusExpandsSource: try entry["focusExpandsSource"].map { (value) throws(CatalogueError) in
                        try source(value, at + ".focusExpandsSource")
                    }))
        }
        if let adaptation = object["sheetAdaptation"] {
            let at = path + ".sheetAdaptation"
            let entry = try self.object(adaptation, at, allowed: ["about", "styles", "compactHeight"])
            catalogue.sheetStylesSource = try source(entry["styles"], at + ".styles")
            catalogue.compactHeightSource = try source(entry["compactHeight"], at + ".compactHeight")
        }
        return catalogue
    }

    /// Where a bar's entry holds: absent for a full-screen view, `"sheet"` for a sheet.
    private func inSheet(_ value: JSONValue?, _ path: String) throws(CatalogueError) -> Bool {
        guard let value else { return false }
        guard try string(value, path) == "sheet" else { throw fail(path, "must be sheet") }
        return true
    }

    /// A list of releases; missing is empty unless `required`.
    private func releases(_ value: JSONValue?, _ path: String, required: Bool) throws(CatalogueError) -> [String] {
        guard let value else {
            if required { throw fail(path, "must be an array") }
            return []
        }
        var releases: [String] = []
        for (position, item) in try array(value, path).enumerated() {
            releases.append(try release(item, "\(path)[\(position)]"))
        }
        if required && releases.isEmpty { throw fail(path, "must name at least one release") }
        return releases
    }
}
