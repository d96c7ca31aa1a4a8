import Foundation
import InsetService
import InsetServiceTestSupport
import Testing

/// `GET /devices` and `GET /devices/{id}` for the catalogue's Android devices (requests by them: `AndroidRouteTests`).
@Suite("Android devices in the catalogue")
struct AndroidDeviceRouteTests {
    let app = makeApp()

    func list() -> [[String: Any]] {
        app.call("GET", "/devices").json["devices"] as? [[String: Any]] ?? []
    }

    @Test func theListGivesEachDevicesPlatformTheIOSOnesFirst() {
        let platforms = list().map { $0.string("platform") ?? "?" }
        let firstAndroid = platforms.firstIndex(of: "android") ?? 0
        #expect(firstAndroid > 60)
        #expect(platforms[..<firstAndroid].allSatisfy { $0 == "ios" })
        #expect(platforms[firstAndroid...].allSatisfy { $0 == "android" })
        let pixel = list().first { $0.string("id") == "pixel-9" } ?? [:]
        #expect(Set(pixel.keys) == ["id", "name", "platform", "family"])
        #expect(pixel.string("family") == "Pixel" && pixel.string("name") == "Pixel 9")
        let tab = list().first { $0.string("id") == "galaxy-tab-s10-plus" } ?? [:]
        #expect(tab.string("family") == "Galaxy Tab")
    }

    @Test func anAndroidEntryGivesItsScreenBarsAndIMEEachWithItsSource() throws {
        let entry = app.call("GET", "/devices/pixel-9")
        #expect(entry.status == 200)
        let json = entry.json
        #expect(
            Set(json.keys) == [
                "id", "name", "platform", "family", "screen", "statusBars", "navigationBars", "imes", "absent",
                "sources",
            ])
        let screen = json.object("screen")
        #expect(screen.number("width") == 411.43 && screen.number("height") == 923.43)
        #expect(screen.number("density") == 2.625)
        let navigation = json["navigationBars"] as? [[String: Any]] ?? []
        let modes = navigation.map { "\($0.string("mode") ?? "?") \($0.string("orientation") ?? "?")" }
        #expect(modes == ["gesture portrait", "gesture landscape", "threeButton portrait"])
        #expect(navigation.last?.number("height") == 48 && navigation.last?.string("source") == "aosp-dimens")
        #expect(navigation.last?["system"] is NSNull)
        let imes = json["imes"] as? [[String: Any]] ?? []
        #expect(imes.map { $0.number("height") } == [336, 252])
        #expect(imes.first?.string("system") == "16")
        let status = json["statusBars"] as? [[String: Any]] ?? []
        #expect(status.map { $0.number("height") } == [54, 52])
        let sources = json["sources"] as? [[String: Any]] ?? []
        #expect(
            sources.compactMap { $0.string("id") } == [
                "device-preview-pixel-probe", "aosp-dimens", "device-preview-ime-default",
            ])
        let ime = try #require(sources.first { $0.string("id") == "device-preview-ime-default" })
        #expect(ime.string("covers")?.contains("approximate") == true)
        #expect(ime.string("covers")?.contains("Pixel 9 emulator") == true)
        #expect(sources.first { $0.string("id") == "aosp-dimens" }?["year"] is NSNull)
    }

    @Test func everyAndroidEntryNamesOnlyTheSourcesItWritesOut() {
        for item in list() where item.string("platform") == "android" {
            let entry = app.call("GET", "/devices/\(item.string("id") ?? "")").json
            let written = Set((entry["sources"] as? [[String: Any]] ?? []).compactMap { $0.string("id") })
            var named: Set<String> = [entry.object("screen").string("source") ?? "?"]
            for member in ["statusBars", "navigationBars", "imes"] {
                for bar in entry[member] as? [[String: Any]] ?? [] { named.insert(bar.string("source") ?? "?") }
            }
            #expect(named == written, "\(item.string("id") ?? "")")
            #expect(!(entry["absent"] as? [String] ?? []).isEmpty, "\(item.string("id") ?? "")")
        }
    }

    @Test func anIOSEntryGainsOnlyItsPlatform() {
        let entry = app.call("GET", "/devices/iphone-15").json
        #expect(
            Set(entry.keys) == [
                "id", "name", "platform", "family", "systems", "screen", "safeAreas", "keyboards", "absent",
                "containers", "sources",
            ])
        #expect(entry.string("platform") == "ios")
        #expect(entry.object("screen").number("scale") == 3)
    }

    @Test func aRequestByAnAndroidDeviceIsA400AtItsId() {
        let show = app.call("POST", "/keyboard/show", json: #"{"device":{"id":"pixel-9"}}"#)
        #expect(show.status == 400)
        #expect(show.text.contains("/device/id") && show.text.contains("Android"))
        let session = app.call("POST", "/sessions", json: #"{"device":{"id":"galaxy-s25"}}"#)
        #expect(session.status == 400)
    }
}
