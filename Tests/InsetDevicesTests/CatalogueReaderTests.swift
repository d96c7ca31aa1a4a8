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

    @Test func aRepeatedIdIsRefused() {
        let text = #"{"sources":[\#(Self.source)],"devices":[\#(Self.phone),\#(Self.phone)]}"#
        #expect(throws: CatalogueError(path: "devices[1].id", message: "is repeated")) {
            try DeviceCatalogue(json: Array(text.utf8))
        }
    }
}
