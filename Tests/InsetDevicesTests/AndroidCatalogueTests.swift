import InsetCore
import InsetDevices
import InsetSession
import Testing

/// The catalogue's Android entries held to each other: screens in whole pixels, bars and keyboards inside the
/// screen, each number with a declared source, and a missing number said missing.
@Suite("The catalogue's Android numbers agree with each other")
struct AndroidCatalogueTests {
    let catalogue = DeviceCatalogue.standard

    @Test func itHasTheAndroidDevicesSomeoneDescribed() throws {
        let families: [String: AndroidFamily] = [
            "pixel-8": .pixel, "pixel-9": .pixel, "pixel-9-pro-xl": .pixel, "galaxy-s24": .galaxy,
            "galaxy-s25": .galaxy, "galaxy-tab-s10-plus": .galaxyTab,
        ]
        for (id, family) in families {
            let device = try #require(catalogue.androidDevice(id), "\(id) is missing")
            #expect(device.family == family, "\(id)")
            #expect(catalogue.device(id) == nil, "\(id) is not an iOS device")
        }
        let pixel9 = try #require(catalogue.androidDevice("pixel-9"))
        #expect(pixel9.screenSize(.landscape) == Size(width: 923.43, height: 411.43))
        #expect(pixel9.imes.map(\.height) == [336, 252])
    }

    @Test func everyScreenIsWholePixelsAtItsDensityToTheRoundingOfItsDp() {
        // The dp are given to two decimals: one dp's rounding is at most 0.005 × density pixels.
        for device in catalogue.androidDevices {
            let screen = device.screen.value
            let tolerance = 0.005 * screen.density + 1e-9
            for length in [screen.width, screen.height] {
                let pixels = length * screen.density
                #expect(abs(pixels - pixels.rounded()) <= tolerance, "\(device.id): \(length) dp is \(pixels) px")
            }
            #expect(screen.height > screen.width, "\(device.id): portrait is taller than wide")
            #expect([2, 2.625, 3].contains(screen.density), "\(device.id): density \(screen.density)")
        }
    }

    @Test func barsAndIMEsLieInsideTheScreen() {
        for device in catalogue.androidDevices {
            for orientation in DeviceOrientation.allCases {
                let height = device.screenSize(orientation).height
                let status = device.statusBars.filter { $0.orientation == orientation }.map(\.height).max() ?? 0
                let navigation = device.navigationBars.filter { $0.orientation == orientation }
                for bar in navigation + device.statusBars where bar.orientation == orientation {
                    #expect(bar.height > 0 && bar.height < height / 4, "\(device.id) \(orientation)")
                }
                for bar in navigation {
                    #expect(status + bar.height < height / 2, "\(device.id) \(orientation)")
                }
                for ime in device.imes where ime.orientation == orientation {
                    #expect(ime.height + status < height, "\(device.id) \(orientation): the IME reaches the status bar")
                }
            }
        }
    }

    @Test func anIMEIsTallerThanTheNavigationBarItCovers() {
        var compared = 0
        for device in catalogue.androidDevices {
            for ime in device.imes {
                for bar in device.navigationBars where bar.orientation == ime.orientation {
                    #expect(ime.height > bar.height, "\(device.id) \(ime.orientation)")
                    compared += 1
                }
            }
        }
        #expect(compared > 0)
    }

    @Test func aPhonesLandscapeIMEIsShorterThanItsPortraitOne() {
        var compared = 0
        for device in catalogue.androidDevices where !device.family.isTablet {
            for portrait in device.imes where portrait.orientation == .portrait {
                for landscape in device.imes where landscape.orientation == .landscape {
                    #expect(landscape.height < portrait.height, "\(device.id)")
                    compared += 1
                }
            }
        }
        #expect(compared > 0)
    }

    @Test func everyNumberNamesADeclaredSource() {
        let declared = Set(catalogue.sources.map(\.id))
        for device in catalogue.androidDevices {
            #expect(Set(device.sourceIds).isSubset(of: declared), "\(device.id)")
            #expect(device.sourceIds.first == device.screen.source)
        }
    }

    @Test func onlyANavigationBarNamesANavigationMode() {
        for device in catalogue.androidDevices {
            #expect(device.navigationBars.allSatisfy { $0.mode != nil }, "\(device.id)")
            #expect((device.statusBars + device.imes).allSatisfy { $0.mode == nil }, "\(device.id)")
        }
    }

    @Test func whatAnAndroidDeviceLacksItsEntrySays() {
        for device in catalogue.androidDevices {
            func says(_ words: String) -> Bool { device.absent.contains { $0.contains(words) } }
            if device.statusBars.isEmpty { #expect(says("the status bar"), "\(device.id)") }
            if device.imes.isEmpty { #expect(says("the IME"), "\(device.id)") }
            for mode in NavigationMode.allCases {
                let words = mode == .gesture ? "gesture navigation bar" : "three-button navigation bar"
                let bars = device.navigationBars.filter { $0.mode == mode }
                if bars.count < DeviceOrientation.allCases.count { #expect(says(words), "\(device.id) \(mode)") }
            }
        }
    }

    @Test func aValueMeasuredOnAnotherDeviceComesFromOneWithTheSameScreen() {
        let byName = Dictionary(
            catalogue.androidDevices.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for device in catalogue.androidDevices {
            for bar in device.statusBars + device.navigationBars + device.imes {
                guard let name = bar.measuredOn else { continue }
                guard let other = byName[name] else {
                    Issue.record("\(device.id): measured on \(name), which the catalogue does not have")
                    continue
                }
                #expect(other.screen.value == device.screen.value, "\(device.id) from \(name)")
                #expect(other.family == device.family, "\(device.id) from \(name)")
            }
        }
    }

    @Test func aRequestByAnAndroidDeviceIsRefusedByName() {
        var show = KeyboardEvent()
        show.scene.values.device = DeviceSetting(id: "pixel-9")
        show.scene.given = [SceneValues(.id)]
        do {
            _ = try catalogue.resolve(&show, for: .show, over: nil)
            Issue.record("a request by an Android device was answered")
        } catch {
            #expect(error.problems.first?.pointer == "/device/id")
            #expect(error.problems.first?.message.contains("Android") == true)
        }
    }
}
