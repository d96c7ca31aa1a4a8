import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// `GET /devices`, `GET /devices/{id}`, and requests by device, which must answer exactly what the same request
/// with the catalogue's numbers written out answers.
@Suite("Devices by name")
struct DeviceRouteTests {
    let app = makeApp()

    /// Every iOS device's entry as the service serves it: those a request can name.
    func entries() -> [[String: Any]] {
        let list = app.call("GET", "/devices").json["devices"] as? [[String: Any]] ?? []
        return list.filter { $0.string("platform") == "ios" }
            .map { app.call("GET", "/devices/\($0.string("id") ?? "")").json }
    }

    /// The newest of `items` for `orientation` (nil releases last), read from the entry as a client would.
    func newest(_ items: [[String: Any]], _ orientation: String) -> [String: Any]? {
        func release(_ item: [String: Any]) -> [Int] {
            (item.string("system") ?? "").split(separator: ".").compactMap { Int($0) }
        }
        return items.filter { $0.string("orientation") == orientation }
            .max { release($0).lexicographicallyPrecedes(release($1)) }
    }

    func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The answer without `catalogue`, as canonical JSON.
    func withoutCatalogue(_ answer: Answer) -> String {
        var object = answer.json
        object["catalogue"] = nil
        return json(object)
    }

    @Test func theListNamesEveryDeviceAndEachEntryHasItsSources() {
        let list = app.call("GET", "/devices")
        #expect(list.status == 200)
        let devices = list.json["devices"] as? [[String: Any]] ?? []
        #expect(devices.count >= 60)
        for device in devices {
            let families = device.string("platform") == "ios" ? ["iPhone", "iPad"] : ["Pixel", "Galaxy", "Galaxy Tab"]
            #expect(families.contains(device.string("family") ?? ""), "\(device)")
            #expect((device["systems"] != nil) == (device.string("platform") == "ios"), "\(device)")
            let entry = app.call("GET", "/devices/\(device.string("id") ?? "")")
            #expect(entry.status == 200)
            #expect(entry.json.string("name") == device.string("name"))
            let sources = Set((entry.json["sources"] as? [[String: Any]] ?? []).compactMap { $0.string("id") })
            #expect(sources.contains(entry.json.object("screen").string("source") ?? "?"))
        }
        let missing = app.call("GET", "/devices/iphone-1")
        #expect(missing.status == 404)
        #expect(missing.json.string("type")?.hasSuffix("/device-not-found") == true)
    }

    /// An iOS entry names what a container defaults to on it, each number with its source written out: an iPhone 17
    /// Pro (iOS 26, 27) has the 54-pt navigation bar and the 70-pt one in a sheet, the sheet rule of iOS 26 with its
    /// expansion's source, and no iOS 18 number; an iPad has no sheet rule (its sheets need a frame).
    @Test func anEntryGivesItsContainersDefaultsWithTheirSources() {
        let entry = app.call("GET", "/devices/iphone-17-pro").json
        let containers = entry.object("containers")
        let bars = containers["bars"] as? [[String: Any]] ?? []
        let navigation = bars.filter { $0.string("bar") == "navigationBar" && $0.string("orientation") == "portrait" }
        #expect(navigation.contains { $0.number("height") == 54 && $0["inSheet"] == nil })
        #expect(navigation.contains { $0.number("height") == 70 && $0["inSheet"] as? Bool == true })
        #expect(!bars.contains { ($0["systems"] as? [String]) == ["18"] })
        let sheets = containers["sheets"] as? [[String: Any]] ?? []
        #expect(sheets.count == 1)
        #expect(sheets.first?.number("largeTopGap") == 0)
        #expect(sheets.first?.string("focusExpandsSource") == "sheet-expands-on-focus")
        let absent = containers["barsAbsent"] as? [[String: Any]] ?? []
        #expect(absent.contains { $0.string("bar") == "toolbar" })
        let sources = Set((entry["sources"] as? [[String: Any]] ?? []).compactMap { $0.string("id") })
        let named =
            bars.compactMap { $0.string("source") }
            + sheets.flatMap { [$0.string("source"), $0.string("focusExpandsSource")].compactMap { $0 } }
        #expect(!named.isEmpty && Set(named).isSubset(of: sources), "\(Set(named).subtracting(sources))")
        let xs = app.call("GET", "/devices/iphone-xs").json.object("containers")
        #expect((xs["sheets"] as? [[String: Any]])?.first?.number("largeTopGap") == 10)
        #expect((xs["sheets"] as? [[String: Any]])?.first?["focusExpandsSource"] is NSNull)
        let ipad = app.call("GET", "/devices/ipad-pro-13-m4").json.object("containers")
        #expect((ipad["sheets"] as? [[String: Any]])?.isEmpty == true)
    }

    /// For every device and orientation: a show by device answers as the show with the numbers written out, a
    /// session by device is the session with them written out, and what the catalogue lacks is a 400 naming it.
    @Test func aRequestByDeviceEqualsTheRequestWithItsNumbersWrittenOut() throws {
        var shows = 0
        for entry in entries() {
            let id = entry.string("id") ?? ""
            let screen = entry.object("screen")
            for orientation in ["portrait", "landscape"] {
                let (w, h) = (screen.number("width") ?? 0, screen.number("height") ?? 0)
                let (width, height) = orientation == "portrait" ? (w, h) : (h, w)
                let device: [String: Any] = ["id": id, "orientation": orientation]
                let content: [String: Any] = ["contentSize": ["width": width, "height": 3000]]
                let focused: [String: Any] = ["x": 16, "y": height - 120, "width": 200, "height": 44]
                guard let area = newest(entry["safeAreas"] as? [[String: Any]] ?? [], orientation) else {
                    let refused = app.call("POST", "/sessions", json: json(["device": device]))
                    #expect(refused.status == 400, "\(id) \(orientation)")
                    #expect(refused.text.contains("safe area"), "\(id) \(orientation)")
                    continue
                }
                let explicitScroll: [String: Any] = [
                    "frame": ["x": 0, "y": 0, "width": width, "height": height],
                    "safeAreaInsets": area.object("insets"), "contentSize": ["width": width, "height": 3000],
                ]
                let byDevice = app.call(
                    "POST", "/sessions", json: json(["device": device, "scrollView": content, "focusedRect": focused]))
                let written = app.call(
                    "POST", "/sessions",
                    json: json([
                        "screen": ["width": width, "height": height], "scrollView": explicitScroll,
                        "focusedRect": focused,
                    ]))
                #expect(byDevice.status == 201 && written.status == 201, "\(id) \(orientation)")
                var a = byDevice.json
                var b = written.json
                for key in ["id", "catalogue", "device"] {
                    a[key] = nil
                    b[key] = nil
                }
                #expect(json(a) == json(b), "\(id) \(orientation): session")
                #expect(byDevice.json.object("device").string("id") == id)

                let keyboards = (entry["keyboards"] as? [[String: Any]] ?? []).filter {
                    $0.string("mode") == "docked" && $0.string("type") == "standard"
                        && $0["predictive"] as? Bool == true
                }
                let show = ["device": device, "scrollView": content, "focusedRect": focused]
                guard let keyboard = newest(keyboards, orientation) else {
                    let refused = app.call("POST", "/keyboard/show", json: json(show))
                    #expect(refused.status == 400, "\(id) \(orientation)")
                    #expect(refused.text.contains("no published frame"), "\(id) \(orientation)")
                    continue
                }
                let explicitShow: [String: Any] = [
                    "screen": ["width": width, "height": height], "scrollView": explicitScroll,
                    "focusedRect": focused, "keyboard": ["frameEnd": keyboard.object("frame")],
                ]
                let shownByDevice = app.call("POST", "/keyboard/show", json: json(show))
                let shownWritten = app.call("POST", "/keyboard/show", json: json(explicitShow))
                #expect(shownByDevice.status == 200 && shownWritten.status == 200, "\(id) \(orientation)")
                #expect(withoutCatalogue(shownByDevice) == withoutCatalogue(shownWritten), "\(id) \(orientation)")
                let values = shownByDevice.json.object("catalogue")["values"] as? [[String: Any]] ?? []
                #expect(
                    values.compactMap { $0.string("pointer") } == [
                        "/screen", "/scrollView/frame", "/scrollView/safeAreaInsets", "/keyboard/frameEnd",
                    ], "\(id) \(orientation)")
                #expect(values.allSatisfy { $0.string("source") != nil })
                let hideByDevice = app.call("POST", "/keyboard/hide", json: json(show))
                var explicitHide = explicitShow
                explicitHide["keyboard"] = ["frameBegin": keyboard.object("frame")]
                let hideWritten = app.call("POST", "/keyboard/hide", json: json(explicitHide))
                #expect(withoutCatalogue(hideByDevice) == withoutCatalogue(hideWritten), "\(id) \(orientation)")
                shows += 1
            }
        }
        #expect(shows > 60)
    }

    @Test func aSessionOnADeviceShowsItsKeyboardAndRotatesWithAPatch() throws {
        let created = app.call("POST", "/sessions", json: #"{"device":{"id":"iphone-16"}}"#)
        #expect(created.status == 201)
        let id = created.json.string("id") ?? ""
        #expect(created.json.at("scrollView").object("frame").number("height") == 852)
        #expect(created.json.object("device").string("orientation") == "portrait")
        let shown = app.call("POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":0}"#)
        #expect(shown.status == 200)
        #expect(shown.json.number("keyboardOverlap") == 335)
        let turned = app.call(
            "PATCH", "/sessions/\(id)", json: #"{"timestamp":1000,"device":{"orientation":"landscape"}}"#)
        #expect(turned.status == 200)
        #expect(turned.json.object("screen").number("width") == 852)
        #expect(turned.json.at("scrollView").object("safeAreaInsets").number("left") == 59)
        #expect(turned.json.at("keyboard").object("frameEnd").number("height") == 208)
        #expect(turned.json.at("target").number("keyboardOverlap") == 208)
        let pointers = (turned.json.object("catalogue")["values"] as? [[String: Any]] ?? []).compactMap {
            $0.string("pointer")
        }
        #expect(pointers.contains("/keyboard/frameEnd"))
        // The session keeps its device: a GET shows it, turned.
        let seen = app.call("GET", "/sessions/\(id)")
        #expect(seen.json.object("device").string("orientation") == "landscape")
    }

    @Test func whatCannotBeAnsweredIsA400NamingTheMember() {
        let noFrame = app.call(
            "POST", "/keyboard/show", json: #"{"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844}}}"#)
        #expect(noFrame.status == 400)
        #expect(noFrame.text.contains("/keyboard/frameEnd"))
        let stray = app.call(
            "POST", "/keyboard/show",
            json: #"{"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844}},"keyboard":{"predictive":false}}"#)
        #expect(stray.status == 400)
        #expect(stray.text.contains("/keyboard/predictive"))
        let unknown = app.call("POST", "/keyboard/show", json: #"{"device":{"id":"iphone-1"}}"#)
        #expect(unknown.status == 400)
        #expect(unknown.text.contains("/device/id"))
        let withoutBar = app.call(
            "POST", "/keyboard/show", json: #"{"device":{"id":"iphone-16"},"keyboard":{"predictive":false}}"#)
        #expect(withoutBar.status == 400)
        #expect(withoutBar.text.contains("without the predictive bar"))
        let badOrientation = app.call(
            "POST", "/keyboard/show", json: #"{"device":{"id":"iphone-16","orientation":"up"}}"#)
        #expect(badOrientation.status == 400)
        #expect(badOrientation.text.contains("/device/orientation"))
    }
}
