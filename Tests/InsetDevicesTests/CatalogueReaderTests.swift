import Foundation
import InsetDevices
import Testing

/// The catalogue's file is read strictly: a typo, an undeclared source or a keyboard both sized and framed
/// fails the build's tests instead of answering wrong numbers.
@Suite("Reading a catalogue file")
struct CatalogueReaderTests {
    static let source = #"{"id":"s","publisher":"P","title":"T","kind":"measurement","covers":"c"}"#

    static func catalogue(device: String) -> String {
        #"{"sources":[\#(source)],"devices":[\#(device)]}"#
    }

    static let phone = #"""
        {"id":"phone","name":"Phone","family":"iPhone","systems":["26"],"systemsSource":"s",
         "screen":{"width":390,"height":844,"scale":3,"source":"s"},
         "safeAreas":[{"orientation":"portrait","system":"26.5","top":47,"left":0,"bottom":34,"right":0,"source":"s"}],
         "keyboards":[{"orientation":"portrait","predictive":true,"mode":"docked","height":336,"source":"s"}]}
        """#

    @Test func aWellFormedCatalogueReads() throws {
        let catalogue = try DeviceCatalogue(json: Array(Self.catalogue(device: Self.phone).utf8))
        let phone = try #require(catalogue.device("phone"))
        #expect(phone.keyboards.first?.frame.y == 508)
        #expect(phone.keyboards.first?.frame.width == 390)
        #expect(phone.safeAreas.first?.insets.top == 47)
    }

    @Test(arguments: [
        (#""scale":3,"source":"s""#, #""scale":3,"source":"nobody""#, "devices[0].screen.source"),
        (#""family":"iPhone""#, #""family":"Phone""#, "devices[0].family"),
        (#""height":336,"#, #""height":336,"frame":{"x":0,"y":0,"width":1,"height":1},"#, "devices[0].keyboards[0]"),
        (#""mode":"docked","height":336"#, #""mode":"floating","height":336"#, "devices[0].keyboards[0].height"),
        (#""top":47"#, #""top":-1"#, "devices[0].safeAreas[0].top"),
        (#""system":"26.5""#, #""system":"26 beta""#, "devices[0].safeAreas[0].system"),
        (#""id":"phone""#, #""id":"Phone 1""#, "devices[0].id"),
        (#""name":"Phone""#, #""name":"Phone","colour":"red""#, "devices[0].colour"),
    ])
    func aFlawIsRefusedWhereItIs(_ sound: String, _ flawed: String, _ path: String) {
        let text = Self.catalogue(device: Self.phone.replacingOccurrences(of: sound, with: flawed))
        #expect(text != Self.catalogue(device: Self.phone), "the flaw must be in the text")
        #expect(throws: CatalogueError.self) { try DeviceCatalogue(json: Array(text.utf8)) }
        do {
            _ = try DeviceCatalogue(json: Array(text.utf8))
        } catch {
            #expect(error.path == path, "\(error.message)")
        }
    }

    static let android = #"""
        {"id":"droid","name":"Droid","platform":"android","family":"Pixel",
         "screen":{"width":411.43,"height":923.43,"density":2.625,"source":"s"},
         "statusBars":[{"orientation":"portrait","height":54,"system":"16","source":"s"}],
         "navigationBars":[{"mode":"gesture","orientation":"portrait","height":24,"source":"s"}],
         "imes":[{"orientation":"portrait","height":336,"source":"s"}]}
        """#

    @Test func anAndroidEntryReadsBesideTheIOSOnes() throws {
        let text = #"{"sources":[\#(Self.source)],"devices":[\#(Self.phone),\#(Self.android)]}"#
        let catalogue = try DeviceCatalogue(json: Array(text.utf8))
        #expect(catalogue.devices.map(\.id) == ["phone"])
        let droid = try #require(catalogue.androidDevice("droid"))
        #expect(droid.screen.value == AndroidScreen(width: 411.43, height: 923.43, density: 2.625))
        #expect(droid.statusBars.first?.system == "16")
        #expect(droid.navigationBars.first?.mode == .gesture)
        #expect(droid.imes.first?.height == 336)
        #expect(catalogue.device("droid") == nil)
    }

    @Test(arguments: [
        (#""density":2.625,"source":"s""#, #""density":2.625,"source":"nobody""#, "devices[0].screen.source"),
        (#""density":2.625"#, #""scale":2.625"#, "devices[0].screen.scale"),
        (#""family":"Pixel""#, #""family":"Nexus""#, "devices[0].family"),
        (#""platform":"android""#, #""platform":"fuchsia""#, "devices[0].platform"),
        (#""height":54,"#, #""height":54,"mode":"gesture","#, "devices[0].statusBars[0].mode"),
        (#""mode":"gesture","#, "", "devices[0].navigationBars[0].mode"),
        (#""mode":"gesture","#, #""mode":"buttons","#, "devices[0].navigationBars[0].mode"),
        (#""height":336,"source":"s""#, #""height":336,"source":"t""#, "devices[0].imes[0].source"),
        (#""height":336,"#, #""height":336,"predictive":true,"#, "devices[0].imes[0].predictive"),
        (#""name":"Droid""#, #""name":"Droid","systems":["16"]"#, "devices[0].systems"),
    ])
    func aFlawInAnAndroidEntryIsRefusedWhereItIs(_ sound: String, _ flawed: String, _ path: String) {
        let text = Self.catalogue(device: Self.android.replacingOccurrences(of: sound, with: flawed))
        #expect(text != Self.catalogue(device: Self.android), "the flaw must be in the text")
        do {
            _ = try DeviceCatalogue(json: Array(text.utf8))
            Issue.record("\(path): the flaw was read")
        } catch {
            #expect(error.path == path, "\(error.message)")
        }
    }

    @Test func anAndroidIdMayNotRepeatAnIOSOne() {
        let twin = Self.android.replacingOccurrences(of: #""id":"droid""#, with: #""id":"phone""#)
        let text = #"{"sources":[\#(Self.source)],"devices":[\#(Self.phone),\#(twin)]}"#
        #expect(throws: CatalogueError(path: "devices[1].id", message: "is repeated")) {
            try DeviceCatalogue(json: Array(text.utf8))
        }
    }

    @Test func aRepeatedIdIsRefused() {
        let text = #"{"sources":[\#(Self.source)],"devices":[\#(Self.phone),\#(Self.phone)]}"#
        #expect(throws: CatalogueError(path: "devices[1].id", message: "is repeated")) {
            try DeviceCatalogue(json: Array(text.utf8))
        }
    }
}
