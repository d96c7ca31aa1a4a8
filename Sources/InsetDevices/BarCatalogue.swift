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
}

/// The containers' default bar heights and what is not published (`devices.json`, `bars`).
public struct BarCatalogue: Sendable {
    /// The published heights.
    public var heights: [BarHeight] = []
    /// What is known to be unpublished.
    public var absent: [BarAbsence] = []

    /// The height of `bar` (in `style`, for a navigation bar) on `family` held `orientation`, on `system`'s major
    /// release (a device that `runs` it): nil when none is published. Without a release, the newest the device
    /// runs that one is published for.
    public func height(
        _ bar: BarKind, style: NavigationBarStyle?, family: DeviceFamily, orientation: DeviceOrientation,
        system: String?, runs: [String]
    ) -> (height: BarHeight, system: String)? {
        let wanted = system.flatMap(SystemRelease.init)?.major
        let majors = Set(runs.compactMap { SystemRelease($0)?.major })
        var best: (height: BarHeight, system: String, major: Int)?
        for entry in heights
        where entry.bar == bar && entry.style == style && entry.family == family && entry.orientation == orientation {
            for release in entry.systems {
                guard let major = SystemRelease(release)?.major else { continue }
                if let wanted, major != wanted { continue }
                guard majors.contains(major) else { continue }
                if best.map({ $0.major < major }) ?? true { best = (entry, release, major) }
            }
        }
        return best.map { ($0.height, $0.system) }
    }

    /// Why the catalogue has no height for `bar` on `family` on `system`, when it says.
    public func absence(_ bar: BarKind, family: DeviceFamily, system: String?) -> BarAbsence? {
        let major = system.flatMap(SystemRelease.init)?.major
        return absent.first { entry in
            entry.bar == bar && (entry.family.map { $0 == family } ?? true)
                && (entry.systems.isEmpty
                    || entry.systems.contains { release in SystemRelease(release)?.major == major })
        }
    }
}

extension CatalogueReader {
    /// The `bars` section: `heights`, each naming a declared source, and `absent`.
    func bars(_ value: JSONValue, _ path: String) throws(CatalogueError) -> BarCatalogue {
        let object = try object(value, path, allowed: ["about", "heights", "absent"])
        var catalogue = BarCatalogue()
        for (position, item) in try array(object["heights"] ?? .array([]), path + ".heights").enumerated() {
            let at = "\(path).heights[\(position)]"
            let entry = try self.object(
                item, at, allowed: ["bar", "style", "family", "orientation", "systems", "height", "source", "note"])
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
                    source: try source(entry["source"], at + ".source")))
        }
        for (position, item) in try array(object["absent"] ?? .array([]), path + ".absent").enumerated() {
            let at = "\(path).absent[\(position)]"
            let entry = try self.object(item, at, allowed: ["bar", "family", "systems", "why"])
            catalogue.absent.append(
                BarAbsence(
                    bar: try choice(entry["bar"], at + ".bar", BarKind.self),
                    family: try entry["family"].map { (value) throws(CatalogueError) in
                        try choice(value, at + ".family", DeviceFamily.self)
                    },
                    systems: try releases(entry["systems"], at + ".systems", required: false),
                    why: try string(entry["why"], at + ".why")))
        }
        return catalogue
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
