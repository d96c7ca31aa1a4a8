/// Which coordinates a logged notification's frames are in. iOS 8 and later report keyboard frames in the
/// screen's coordinates, which turn with the interface; iOS 7 and earlier reported them in the portrait
/// screen's coordinates whatever the interface's orientation, so a landscape keyboard printed as a strip along
/// a side of the portrait screen, as tall as the landscape screen is wide.
public enum FrameCoordinates: String, CaseIterable, Sendable {
    /// The screen's, unless a frame fits only the portrait screen's (`PortraitCoordinates.fits`): converted.
    case auto
    /// The screen's, as iOS 8 and later report them: never converted.
    case screen
    /// The portrait screen's, as iOS 7 and earlier report them: every frame converted in a landscape scene.
    case portrait
}

/// Frames in the portrait screen's coordinates, turned into a landscape screen's.
///
/// A device in landscape with its Home button (or bottom edge) on the right has turned a quarter counterclockwise:
/// the portrait screen's left edge is the interface's bottom, its top edge the interface's left. With the Home
/// button on the left it has turned clockwise: the portrait right edge is the bottom, its top edge the right. A
/// keyboard docks at the interface's bottom, so a strip along the portrait left edge (or beyond it, hidden) is
/// the first case and one along the right edge the second.
public enum PortraitCoordinates {
    /// How far a number may be from the edge it is read against, in points: logs print whole or half points.
    static let tolerance = 0.5

    /// Whether `frame` fits only the portrait coordinates of the landscape screen `screen`: as tall as the
    /// landscape screen is wide, from the portrait screen's top, narrower than the portrait screen, and along
    /// one of its sides (touching it or beyond it). No frame in landscape coordinates is that tall.
    public static func fits(_ frame: Rect, in screen: Size) -> Bool {
        guard screen.width > screen.height, frame.width > 0 else { return false }
        let portraitWidth = screen.height
        return abs(frame.height - screen.width) <= tolerance && abs(frame.y) <= tolerance
            && frame.width < portraitWidth
            && (frame.x <= tolerance || frame.maxX >= portraitWidth - tolerance)
    }

    /// `frame`, in the portrait coordinates of the landscape screen `screen`, in the screen's own. A frame
    /// whose middle is left of the portrait screen's middle turns as the Home-button-right landscape does, any
    /// other as the Home-button-left one. `screen` must be landscape (wider than tall).
    public static func converted(_ frame: Rect, in screen: Size) -> Rect {
        let portraitWidth = screen.height
        let longSide = screen.width
        if frame.x + frame.width / 2 < portraitWidth / 2 {
            // Portrait (x, y) is landscape (y, portraitWidth − x).
            return Rect(x: frame.y, y: portraitWidth - frame.maxX, width: frame.height, height: frame.width)
        }
        // Portrait (x, y) is landscape (longSide − y, x).
        return Rect(x: longSide - frame.y - frame.height, y: frame.x, width: frame.height, height: frame.width)
    }
}

extension KeyboardInfo {
    /// The notification with its frames in `screen`'s coordinates, and whether they were converted: with
    /// `.auto`, when the end frame (or, without one, the begin frame) fits only portrait coordinates; with
    /// `.portrait`, whenever the screen is landscape. Without a screen nothing can be told and nothing changes.
    public func inScreenCoordinates(_ coordinates: FrameCoordinates, screen: Size?) -> (KeyboardInfo, Bool) {
        guard let screen, screen.width > screen.height, coordinates != .screen else { return (self, false) }
        if coordinates == .auto {
            guard let frame = frameEnd ?? frameBegin, PortraitCoordinates.fits(frame, in: screen) else {
                return (self, false)
            }
        }
        var info = self
        info.frameEnd = frameEnd.map { PortraitCoordinates.converted($0, in: screen) }
        info.frameBegin = frameBegin.map { PortraitCoordinates.converted($0, in: screen) }
        return (info, true)
    }
}
