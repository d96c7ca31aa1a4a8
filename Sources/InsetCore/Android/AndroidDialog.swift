/// A dialog's window on Android, placed by the window manager around the IME (`docs/containers.md`, "Android
/// dialogs"). All from AOSP: `PhoneWindow.generateLayout` makes a floating window (the dialog themes'
/// `windowIsFloating`) `WRAP_CONTENT` and clears `FLAG_LAYOUT_IN_SCREEN`, so it keeps the default fit-insets types,
/// the system bars (Android 15's edge-to-edge enforcement changes those for non-floating windows only);
/// `ViewRootImpl.adjustLayoutParamsForCompatibility` then adds the IME to them under `adjustResize` and sets
/// `PRIVATE_FLAG_INSET_PARENT_FRAME_BY_IME` under any other mode, as long as the window fits both bars;
/// `WindowLayout.computeFrames` takes the display frame as the screen less those insets, the parent frame as the
/// display frame less the IME's overlap when that flag is set, centres the window in the parent frame
/// (`Gravity.apply` with `Gravity.CENTER`, which `Dialog`'s constructor sets) and moves it back into the display
/// frame, filling it when larger (`Gravity.applyDisplay`). In dp; the framework's integer pixels are not modelled
/// (at most half a pixel), and what the service computes from several dp is given to a thousandth (`thousandths`).
public struct AndroidDialog: Equatable, Sendable {
    /// The window's size as its content measures it with the IME hidden.
    public var size: Size

    /// A dialog window `size` dp large.
    @inlinable public init(size: Size) { self.size = size }

    /// The display frame the window fits in on `layout`'s screen: the screen less its status and navigation bars,
    /// and less the IME's inset `ime` under `adjustResize`.
    public func displayFrame(_ layout: AndroidLayout, ime: Double) -> Rect {
        let top = layout.statusBar
        var bottom = layout.screen.height - layout.navigationBar
        if layout.softInputMode == .adjustResize { bottom = min(bottom, layout.screen.height - ime) }
        return Rect(x: 0, y: top, width: layout.screen.width, height: max(0, bottom - top))
    }

    /// The window's frame on the screen with the IME's bottom inset at `ime` (0: hidden).
    public func frame(_ layout: AndroidLayout, ime: Double) -> Rect {
        let display = displayFrame(layout, ime: ime)
        var parent = display
        if layout.softInputMode != .adjustResize {
            // `PRIVATE_FLAG_INSET_PARENT_FRAME_BY_IME`: the parent frame less the IME's overlap with it.
            parent.height = max(0, min(parent.maxY, layout.screen.height - ime) - parent.minY)
        }
        let x = Self.fitted(
            parent.minX + (parent.width - size.width) / 2, size.width, display.minX, display.width)
        let y = Self.fitted(
            parent.minY + (parent.height - size.height) / 2, size.height, display.minY, display.height)
        return Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    /// `Gravity.applyDisplay` on one axis without clipping: a span that leaves the display's is moved back into
    /// it, or fills it when longer.
    static func fitted(_ origin: Double, _ length: Double, _ start: Double, _ span: Double) -> (
        origin: Double, length: Double
    ) {
        let origin = thousandths(origin)
        let end = origin + length
        guard origin < start || end > start + span else { return (origin, length) }
        if length > span { return (start, thousandths(span)) }
        return origin < start ? (start, length) : (start + span - length, length)
    }

    /// `value` to a thousandth of a dp: sums and halves of dp given to two decimals are exact there, so this drops
    /// only the binary noise (`923.43 − 336` is not 587.43 in a double).
    public static func thousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// How much of the window's bottom the IME covers with its inset at `ime`: the IME's inset in the window's
    /// own `WindowInsets` (`InsetsSource.calculateInsets` against the window's frame).
    public func imeOverlap(_ layout: AndroidLayout, ime: Double) -> Double {
        let frame = frame(layout, ime: ime)
        return Self.thousandths(max(0, min(frame.height, frame.maxY - (layout.screen.height - ime))))
    }

    /// The window as its own views see it, with the IME's inset at `ime`: a layout the size of the window at
    /// rest with no system bars (a floating window fits them, so none overlaps it), and the IME's inset in it.
    /// Under `adjustResize` the window shrinks when the display frame above the IME is shorter than it, which
    /// its content takes as an inset of that much; otherwise the IME covers its overlap with the window.
    public func window(_ layout: AndroidLayout, ime: Double) -> (layout: AndroidLayout, ime: Double) {
        var local = layout
        local.screen = size
        local.statusBar = 0
        local.navigationBar = 0
        local.dialog = nil
        let inset =
            layout.softInputMode == .adjustResize
            ? Self.thousandths(max(0, size.height - frame(layout, ime: ime).height)) : imeOverlap(layout, ime: ime)
        return (local, inset)
    }
}
