import InsetCore
import InsetDevices
import InsetSession
import Testing

/// The compiled-in catalogue's numbers held to each other: what no source can get wrong without a test noticing.
@Suite("The device catalogue's numbers agree with each other")
struct DeviceCatalogueTests {
    let catalogue = DeviceCatalogue.standard

    @Test func itCoversTheModelsThatRunTheCurrentIOSAndTheOneBefore() {
        // One of each line the issue names: SE, mini, standard, Plus, Pro, Pro Max, Air, e; iPad, mini, Air, Pro.
        let required = [
            "iphone-se-2", "iphone-se-3", "iphone-12-mini", "iphone-13-mini", "iphone-11", "iphone-12", "iphone-13",
            "iphone-14", "iphone-14-plus", "iphone-14-pro", "iphone-14-pro-max", "iphone-15", "iphone-15-plus",
            "iphone-15-pro", "iphone-15-pro-max", "iphone-16", "iphone-16-plus", "iphone-16-pro", "iphone-16-pro-max",
            "iphone-16e", "iphone-17", "iphone-17-pro", "iphone-17-pro-max", "iphone-air", "iphone-17e", "iphone-xs",
            "iphone-xr", "ipad-10", "ipad-11", "ipad-mini-6", "ipad-mini-7", "ipad-air-11-m2", "ipad-air-13-m2",
            "ipad-air-11-m4", "ipad-pro-11-m4", "ipad-pro-13-m4", "ipad-pro-11-m5", "ipad-pro-13-m5",
        ]
        for id in required { #expect(catalogue.device(id) != nil, "\(id) is missing") }
        #expect(catalogue.devices.count >= 60)
    }

    @Test func theIPhone15IsNotTheIPhone14() throws {
        let fifteen = try #require(catalogue.device("iphone-15"))
        #expect(fifteen.screenSize(.portrait) == Size(width: 393, height: 852))
        #expect(fifteen.safeArea(DeviceSetting(id: "iphone-15"))?.insets.top == 59)
        let fourteen = try #require(catalogue.device("iphone-14"))
        #expect(fourteen.screenSize(.portrait) == Size(width: 390, height: 844))
    }

    @Test func everyScreenIsWholePixelsAtItsScale() {
        for device in catalogue.devices {
            let screen = device.screen.value
            let scales: Set<Double> = device.family == .iPad ? [2] : [2, 3]
            #expect(scales.contains(screen.scale), "\(device.id): scale \(screen.scale)")
            #expect((screen.width * screen.scale).rounded() == screen.width * screen.scale, "\(device.id)")
            #expect((screen.height * screen.scale).rounded() == screen.height * screen.scale, "\(device.id)")
            #expect(screen.height > screen.width, "\(device.id): portrait is taller than wide")
        }
    }

    @Test func everySafeAreaLiesInsideItsScreen() {
        for device in catalogue.devices {
            for area in device.safeAreas {
                let size = device.screenSize(area.orientation)
                let insets = area.insets
                #expect(insets.top + insets.bottom < size.height / 2, "\(device.id) \(area.orientation)")
                #expect(insets.left + insets.right < size.width / 2, "\(device.id) \(area.orientation)")
                if device.family == .iPhone, area.orientation == .landscape {
                    // A phone held sideways has no status bar: its top is safe, its sides are not both safe.
                    #expect(insets.top == 0, "\(device.id)")
                    #expect(insets.left == insets.right, "\(device.id)")
                }
            }
        }
    }

    @Test func everyKeyboardLiesInsideItsScreenOnItsBottom() {
        for device in catalogue.devices {
            for keyboard in device.keyboards {
                let size = device.screenSize(keyboard.orientation)
                let frame = keyboard.frame
                #expect(frame.minX >= 0 && frame.minY >= 0, "\(device.id)")
                #expect(frame.maxX <= size.width && frame.maxY <= size.height, "\(device.id)")
                if keyboard.mode == .docked {
                    #expect(frame.maxY == size.height && frame.width == size.width, "\(device.id)")
                    // Taller than any bottom safe area; in portrait under half the screen, in landscape near it.
                    let most = size.height * (keyboard.orientation == .portrait ? 0.5 : 0.6)
                    #expect(frame.height > 100 && frame.height < most, "\(device.id) \(keyboard.orientation)")
                }
            }
        }
    }

    @Test func aPredictiveKeyboardIsTallerThanOneWithoutTheBar() {
        for device in catalogue.devices {
            for with in device.keyboards where with.predictive == true {
                for without in device.keyboards
                where without.predictive == false && without.orientation == with.orientation
                    && without.mode == with.mode && without.type == with.type && without.system == with.system
                {
                    #expect(with.frame.height > without.frame.height, "\(device.id)")
                }
            }
        }
    }

    @Test func aPhonesLandscapeKeyboardIsShorterThanItsPortraitOne() {
        var compared = 0
        for device in catalogue.devices where device.family == .iPhone {
            for portrait in device.keyboards where portrait.orientation == .portrait && portrait.mode == .docked {
                for landscape in device.keyboards
                where landscape.orientation == .landscape && landscape.mode == .docked
                    && landscape.predictive == portrait.predictive && landscape.system == portrait.system
                {
                    #expect(landscape.frame.height < portrait.frame.height, "\(device.id)")
                    compared += 1
                }
            }
        }
        #expect(compared > 20)
    }

    @Test func everyNumberNamesASourceTheCatalogueDescribesAndEverySourceIsUsed() {
        var used: Set<String> = []
        for device in catalogue.devices { used.formUnion(device.sourceIds) }
        for device in catalogue.androidDevices { used.formUnion(device.sourceIds) }
        used.formUnion(catalogue.bars.heights.map(\.source))
        used.formUnion(catalogue.bars.sheets.flatMap { [$0.source, $0.focusExpandsSource].compactMap { $0 } })
        used.formUnion([catalogue.bars.sheetStylesSource, catalogue.bars.compactHeightSource].compactMap { $0 })
        let declared = Set(catalogue.sources.map(\.id))
        #expect(used.isSubset(of: declared))
        #expect(declared.isSubset(of: used), "unused: \(declared.subtracting(used).sorted())")
        for source in catalogue.sources {
            #expect(["document", "measurement", "code"].contains(source.kind))
            #expect(!source.title.contains("://") && !source.covers.contains("://"), "\(source.id) links outside")
        }
    }

    @Test func whatADeviceLacksItsEntrySays() {
        for device in catalogue.devices {
            for orientation in DeviceOrientation.allCases {
                if device.safeArea(DeviceSetting(id: device.id, orientation: orientation)) == nil {
                    #expect(
                        device.absent.contains { $0.contains("safe area in \(orientation.rawValue)") },
                        "\(device.id) says nothing of its \(orientation) safe area")
                }
            }
            if device.keyboards.isEmpty {
                #expect(device.absent.contains { $0.hasPrefix("the keyboard") }, "\(device.id)")
            }
            if !device.keyboards.contains(where: { $0.predictive == false }) {
                #expect(
                    device.keyboards.isEmpty || device.absent.contains { $0.contains("without the predictive bar") },
                    "\(device.id)")
            }
        }
    }

    @Test func aValueMeasuredOnAnotherDeviceComesFromOneWithTheSameScreen() {
        let byName = Dictionary(catalogue.devices.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for device in catalogue.devices {
            let others = device.safeAreas.compactMap(\.measuredOn) + device.keyboards.compactMap(\.measuredOn)
            for name in others {
                guard let other = byName[name] else {
                    Issue.record("\(device.id): measured on \(name), which the catalogue does not have")
                    continue
                }
                #expect(other.screen.value == device.screen.value, "\(device.id) from \(name)")
                #expect(other.family == device.family)
            }
        }
    }

    @Test func theNewestMeasurementIsTakenUnlessAReleaseIsAsked() throws {
        // The iPhone 13 Pro has a measurement whose release its source does not give and one on iOS 26.5.
        let device = try #require(catalogue.device("iphone-13-pro"))
        let newest = try #require(device.safeArea(DeviceSetting(id: device.id, orientation: .landscape)))
        #expect(newest.system == "26.5")
        #expect(device.safeArea(DeviceSetting(id: device.id, orientation: .landscape, system: "18")) == nil)
    }
}
