import InsetCore
import InsetJSON
import InsetSession

extension JSONWriter {
    /// A session's `container` as a request sends it: each bar with the members it was sent with or defaults to.
    mutating func containerRequest(_ container: Container) {
        beginObject()
        if let bar = container.navigationBar {
            key(static: "navigationBar")
            beginObject()
            field("style", bar.style.rawValue)
            if let height = bar.height { field("height", height) }
            endObject()
        }
        if let bar = container.tabBar {
            key(static: "tabBar")
            hideableBar(height: bar.height, hidden: bar.hidden)
        }
        if let bar = container.toolbar {
            key(static: "toolbar")
            hideableBar(height: bar.height, hidden: bar.hidden)
        }
        for (name, height) in [
            ("inputAccessoryView" as StaticString, container.inputAccessoryView?.height),
            ("topAppBar", container.topAppBar?.height), ("bottomNavigation", container.bottomNavigation?.height),
        ] {
            guard let height else { continue }
            key(static: name)
            beginObject()
            field("height", height)
            endObject()
        }
        if let presentation = container.presentation {
            key(static: "presentation")
            beginObject()
            field("style", presentation.style.rawValue)
            if !presentation.detents.isEmpty {
                key(static: "detents")
                beginArray()
                for detent in presentation.detents { self.detent(detent) }
                endArray()
            }
            if let selected = presentation.selectedDetent {
                key(static: "selectedDetent")
                detent(selected)
            }
            if let frame = presentation.frame {
                key(static: "frame")
                rect(frame)
            }
            if let size = presentation.size {
                key(static: "size")
                self.size(size)
            }
            if let height = presentation.contentHeight { field("contentHeight", height) }
            if let state = presentation.sheetState { field("state", state.rawValue) }
            if let peek = presentation.peekHeight { field("peekHeight", peek) }
            endObject()
        }
        endObject()
    }

    /// A detent as a request names it: `"medium"`, `"large"`, or the custom height.
    private mutating func detent(_ detent: SheetDetent) {
        switch detent {
        case .medium: string("medium")
        case .large: string("large")
        case .custom(let height): number(height)
        }
    }

    private mutating func hideableBar(height: Double?, hidden: Bool) {
        beginObject()
        if let height { field("height", height) }
        field("hidden", hidden)
        endObject()
    }

    /// An answer's `container`: the scroll view as its container lays it out, the view's safe area, the frame of
    /// each bar the container has (window coordinates; null for one hidden) and, while a docked keyboard is at
    /// `keyboard` (window coordinates, the accessory view included), the accessory view's frame on top of it.
    /// A session's answer, whose `container` is the bars as sent, writes this under `containerLayout`.
    mutating func containerAnswer(_ state: ContainerState, keyboard: Rect?, name: StaticString = "container") {
        let layout = state.layout
        key(static: name)
        beginObject()
        key(static: "scrollView")
        beginObject()
        key(static: "frame")
        rect(layout.scrollView)
        key(static: "safeAreaInsets")
        insets(layout.scrollViewSafeArea)
        endObject()
        key(static: "viewSafeAreaInsets")
        insets(layout.viewSafeArea)
        let container = state.container
        if container.navigationBar != nil { barFrame("navigationBar", layout.navigationBar) }
        if container.tabBar != nil { barFrame("tabBar", layout.tabBar) }
        if container.toolbar != nil { barFrame("toolbar", layout.toolbar) }
        if let view = container.inputAccessoryView {
            key(static: "inputAccessoryView")
            beginObject()
            key(static: "frame")
            if let keyboard, view.height > 0 {
                rect(Rect(x: keyboard.x, y: keyboard.y, width: keyboard.width, height: view.height))
            } else {
                null()
            }
            endObject()
        }
        if let presented = state.presented {
            key(static: "presentation")
            beginObject()
            field("style", presented.style.rawValue)
            key(static: "frame")
            rect(presented.frame)
            if let detent = presented.detent {
                key(static: "detent")
                self.detent(detent)
            }
            if let detent = presented.expandedFrom {
                key(static: "expandedFrom")
                self.detent(detent)
            }
            if let source = presented.expansionSource { field("expansionSource", source) }
            endObject()
        }
        endObject()
    }

    private mutating func barFrame(_ name: StaticString, _ frame: Rect?) {
        key(static: name)
        beginObject()
        key(static: "frame")
        if let frame { rect(frame) } else { null() }
        endObject()
    }
}

extension JSONWriter {
    /// An Android answer's `container` (a session resource's `containerLayout`): each app bar's frame once the IME
    /// has done what it does (the scroll view's is the answer's own `scrollView`, in a dialog's window coordinates
    /// when it is in one). Under `adjustResize` the content ends at the IME's top, so the bottom navigation rises by
    /// what the content loses (`AndroidAvoidance.lift`); panned or left alone, it stays where it was in the window.
    /// A dialog's window is placed with the IME's inset at `ime`, where the event settles (`presentation.frame`),
    /// and at rest (`restingFrame`), in screen coordinates; so is a bottom sheet (`bottomSheet`).
    mutating func androidContainer(
        _ state: ContainerState, result: AndroidInsetResult, layout: AndroidLayout, ime: Double,
        name: StaticString = "container"
    ) {
        let bars = state.layout
        key(static: name)
        beginObject()
        if let dialog = layout.dialog {
            key(static: "presentation")
            beginObject()
            field("style", PresentationStyle.dialog.rawValue)
            key(static: "frame")
            rect(dialog.frame(layout, ime: ime))
            key(static: "restingFrame")
            rect(dialog.frame(layout, ime: 0))
            endObject()
        }
        if let sheet = layout.bottomSheet { bottomSheet(sheet, result: result, layout: layout, ime: ime) }
        if let frame = bars.topAppBar {
            key(static: "topAppBar")
            beginObject()
            key(static: "frame")
            rect(frame)
            endObject()
        }
        if var frame = bars.bottomNavigation {
            if AndroidAvoidance.adjustment(layout) == .resize {
                frame.y -= AndroidAvoidance.lift(layout, ime: result.windowInsets.ime.bottom)
            }
            key(static: "bottomNavigation")
            beginObject()
            key(static: "frame")
            rect(frame)
            endObject()
        }
        endObject()
    }
}

extension JSONWriter {
    /// A bottom sheet's `presentation`: its state, its frame and its content's with the IME's inset at `ime` (where
    /// the event settles) and at rest, in screen coordinates, and how much of the focused rect shows once the list
    /// has scrolled and the window panned. The sheet moves between them on the IME's interpolated fraction
    /// (Material's `InsetsAnimationCallback`).
    mutating func bottomSheet(
        _ sheet: AndroidBottomSheet, result: AndroidInsetResult, layout: AndroidLayout, ime: Double
    ) {
        let placed = sheet.placement(layout, ime: ime)
        let resting = sheet.placement(layout, ime: 0)
        key(static: "presentation")
        beginObject()
        field("style", PresentationStyle.bottomSheet.rawValue)
        field("state", sheet.state.rawValue)
        key(static: "frame")
        rect(placed.frame)
        key(static: "contentFrame")
        rect(placed.content)
        key(static: "restingFrame")
        rect(resting.frame)
        key(static: "restingContentFrame")
        rect(resting.content)
        if var focused = layout.focusedRect {
            // A rect in the list moves with its scroll.
            if AndroidAvoidance.focusInContent(layout) != nil {
                focused.y -= result.contentOffset.y - layout.container.contentOffset.y
            }
            field("focusedRectShown", sheet.shown(focused, layout, ime: ime, panY: result.windowPanY).rawValue)
        }
        endObject()
    }
}
