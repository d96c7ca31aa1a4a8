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
        resolution: DeviceResolution?, values: inout [CatalogueValue]
    ) throws(DeviceRefusal) -> PresentedView {
        let pointer = "/container/presentation"
        if let selected = presentation.selectedDetent, !presentation.detentsInForce.contains(selected) {
            throw DeviceRefusal(pointer + "/selectedDetent", "is not one of the detents (\(selected.name))")
        }
        if presentation.style == .fullScreen {
            guard presentation.frame == nil || presentation.frame == window else {
                throw DeviceRefusal(pointer + "/frame", "must be the window's bounds, or left out, for fullScreen")
            }
            return PresentedView(style: .fullScreen, frame: window)
        }
        if let frame = presentation.frame {
            // UIKit keeps a popover clear of the keyboard, moving or shrinking it (Apple, `UIPopoverController`).
            if presentation.style == .popover, let keyboard {
                let covered = min(frame.maxY, keyboard.maxY) - max(frame.minY, keyboard.minY)
                let across = min(frame.maxX, keyboard.maxX) - max(frame.minX, keyboard.minX)
                if covered > 0, across > 0 {
                    throw DeviceRefusal(
                        pointer + "/frame",
                        "is covered by the keyboard (\(Self.points(covered)) points): UIKit moves or shrinks a popover so that "
                            + "the keyboard does not cover it; send the frame it has with the keyboard up")
                }
            }
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
        guard let compactSource = bars.compactHeightSource else {
            throw DeviceRefusal(pointer, "cannot be placed: the catalogue has no source for how sheets adapt")
        }
        if setting.held == .landscape {
            // An iPhone in landscape has a compact height, where a sheet is full screen unless it prefers to stay
            // attached to the edge; a popover there behaves as a form sheet.
            values.append(CatalogueValue(pointer: pointer + "/frame", value: .rect(window), source: compactSource))
            return PresentedView(style: .fullScreen, frame: window)
        }
        // In portrait (compact width, regular height) page and form sheets and popovers show as a sheet
        // (`bars.sheetAdaptation.styles`).
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
        return PresentedView(
            style: .sheet, frame: frame, detent: detent, expandedFrom: resting == detent ? nil : resting)
    }

    /// A length as a message prints it: whole numbers without a fraction.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
