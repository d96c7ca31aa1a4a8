import InsetCore
import InsetSession

/// Placing a presented view while the keyboard shows (`docs/containers.md`, "Presentations"): by the rules the
/// catalogue's sources give, or at the frame the request sends where none is published.
extension DeviceCatalogue {
    /// Where `presentation` puts the view in a window of `window` bounds whose safe area is `windowSafeArea`, while
    /// the keyboard is at `keyboard` (window coordinates; nil: none shows). `resolution` is what the device gave the
    /// request, if it names one; the placement's source is added to `values`.
    func place(
        _ presentation: Presentation, window: Rect, windowSafeArea: EdgeInsets, keyboard: Rect?,
        resolution: DeviceResolution?, sent: Bool, values: inout [CatalogueValue]
    ) throws(DeviceRefusal) -> PresentedView {
        let pointer = "/container/presentation"
        try Self.checkDetents(presentation)
        if presentation.style == .fullScreen {
            guard presentation.frame == nil || presentation.frame == window || !sent else {
                throw DeviceRefusal(pointer + "/frame", "must be the window's bounds, or left out, for fullScreen")
            }
            return PresentedView(style: .fullScreen, frame: window)
        }
        // A frame must lie in the window; one held from an earlier request that no longer does was measured in
        // another window (a rotation).
        if let frame = presentation.frame, !Self.contains(window, frame) {
            throw DeviceRefusal(
                pointer + "/frame",
                sent
                    ? "must lie in the window (its bounds, in window coordinates)"
                    : "was sent for another window: it does not fit in this one (\(Self.points(window.width)) × "
                        + "\(Self.points(window.height))); send the presentation again for it")
        }
        // On an iPhone the size class decides what shows: a sheet in portrait, full screen in landscape.
        if let resolution, resolution.device.family == .iPhone {
            guard let compactSource = bars.compactHeightSource else {
                throw DeviceRefusal(pointer, "cannot be placed: the catalogue has no source for how sheets adapt")
            }
            if resolution.setting.held == .landscape {
                // A compact height, where a sheet is full screen unless it prefers to stay attached to the edge; a
                // popover there behaves as a form sheet.
                if let frame = presentation.frame, frame != window {
                    throw DeviceRefusal(
                        pointer + "/frame",
                        "is not the window's: an iPhone in landscape shows sheets and popovers full screen (a "
                            + "sheet's prefersEdgeAttachedInCompactHeight is false by default); leave it out")
                }
                values.append(
                    CatalogueValue(pointer: pointer + "/frame", value: .rect(window), source: compactSource))
                return PresentedView(style: .fullScreen, frame: window)
            }
            // In portrait (compact width, regular height) page and form sheets and popovers show as a sheet
            // (`bars.sheetAdaptation.styles`); a frame sent is where it was measured.
            if let frame = presentation.frame { return PresentedView(style: .sheet, frame: frame) }
        } else if let frame = presentation.frame {
            if presentation.style == .popover, let keyboard { try Self.checkPopover(frame, keyboard) }
            return PresentedView(style: presentation.style, frame: frame)
        }
        guard let resolution else {
            throw DeviceRefusal(
                pointer + "/frame",
                "is required, unless /device names a device: where UIKit places a sheet depends on the device and "
                    + "its release")
        }
        let device = resolution.device
        let setting = resolution.setting
        guard device.family == .iPhone else {
            throw DeviceRefusal(
                pointer + "/frame",
                "is required on an iPad: Apple gives no size for a form or page sheet (\"actual dimensions vary\") "
                    + "or a popover, nor where UIKit moves one for the keyboard")
        }
        let release = setting.system ?? Self.release(of: device, setting)
        guard let rule = bars.sheetRule(system: release) else {
            throw DeviceRefusal(
                pointer, "cannot be placed: no source places a sheet on iOS \(release ?? "of this device")")
        }
        let detents = presentation.detentsInForce
        let resting = presentation.restingDetent
        let largest = detents[detents.count - 1]
        let detent: SheetDetent
        if resting == largest {
            detent = resting
        } else if rule.focusExpandsSource != nil {
            detent = largest
        } else {
            throw DeviceRefusal(
                pointer + "/selectedDetent",
                "is below the largest detent: no source says what a focused field does to such a sheet on iOS "
                    + "\(release ?? "") (UIKit moves sheets for the keyboard itself; on iOS 26 it expands them to "
                    + "the largest detent)")
        }
        switch detent {
        case .large: break
        case .medium:
            throw DeviceRefusal(
                pointer + "/detents",
                "puts the sheet at the medium detent while the keyboard shows, whose height Apple gives only as "
                    + "\"approximately half the height of the screen\": send the sheet's frame")
        case .custom:
            throw DeviceRefusal(
                pointer + "/detents",
                "puts the sheet at a custom detent while the keyboard shows: how far UIKit raises such a sheet "
                    + "for the keyboard is not published; send the sheet's frame")
        }
        // Attached to the bottom edge, as wide as the window's safe area, its top the gap below the top safe area.
        let top = windowSafeArea.top + rule.largeTopGap
        let frame = Rect(
            x: windowSafeArea.left, y: top, width: window.width - windowSafeArea.left - windowSafeArea.right,
            height: window.height - top)
        values.append(
            CatalogueValue(pointer: pointer + "/frame", value: .rect(frame), source: rule.source, system: release))
        let expanded = resting != detent
        return PresentedView(
            style: .sheet, frame: frame, detent: detent, expandedFrom: expanded ? resting : nil,
            expansionSource: expanded ? rule.focusExpandsSource : nil)
    }

    /// Refuses detents out of UIKit's order (smallest to largest): `large` only last, custom heights rising, none
    /// twice. Where `medium` stands among custom heights is not published, so that is not checked.
    static func checkDetents(_ presentation: Presentation) throws(DeviceRefusal) {
        let pointer = "/container/presentation"
        let detents = presentation.detents
        for (index, detent) in detents.enumerated() {
            if detents[..<index].contains(detent) {
                throw DeviceRefusal(pointer + "/detents/\(index)", "repeats a detent (\(detent.name))")
            }
            if detent == .large, index != detents.count - 1 {
                throw DeviceRefusal(pointer + "/detents/\(index)", "is large, which is the largest: it must come last")
            }
            if case .custom(let height) = detent,
                let previous = detents[..<index].last(where: { if case .custom = $0 { true } else { false } }),
                case .custom(let lower) = previous, lower >= height
            {
                throw DeviceRefusal(
                    pointer + "/detents/\(index)", "is lower than a custom detent before it: list them smallest first")
            }
        }
        if let selected = presentation.selectedDetent, !presentation.detentsInForce.contains(selected) {
            throw DeviceRefusal(pointer + "/selectedDetent", "is not one of the detents (\(selected.name))")
        }
    }

    /// UIKit keeps a popover clear of the keyboard, moving or shrinking it: a popover `frame` the keyboard covers
    /// is refused.
    static func checkPopover(_ frame: Rect, _ keyboard: Rect) throws(DeviceRefusal) {
        let covered = min(frame.maxY, keyboard.maxY) - max(frame.minY, keyboard.minY)
        let across = min(frame.maxX, keyboard.maxX) - max(frame.minX, keyboard.minX)
        guard covered > 0, across > 0 else { return }
        throw DeviceRefusal(
            "/container/presentation/frame",
            "is covered by the keyboard (\(points(covered)) points): UIKit moves or shrinks a popover so that the "
                + "keyboard does not cover it; send the frame it has with the keyboard up")
    }

    /// Whether `inner` lies in `outer`.
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// A length as a message prints it: whole numbers without a fraction.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
