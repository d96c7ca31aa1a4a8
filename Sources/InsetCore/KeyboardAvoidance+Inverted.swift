extension KeyboardAvoidance {
    /// An inverted list seen unflipped. The list is drawn through `scaleX: 1, y: -1`, so in its own coordinates
    /// the edge on the keyboard's side is its top: its top insets face the keyboard and its content's start
    /// sits at the screen's bottom. Unflipped, content coordinate y becomes `contentHeight - y`, top and bottom
    /// insets swap, and an offset `y` becomes `contentHeight - frameHeight - y` (the same visible band, read
    /// from the other end). The mapping is its own inverse; frames stay in window coordinates.
    struct Flip {
        /// The list as an ordinary, unflipped one.
        let geometry: ScrollViewGeometry
        private let contentHeight: Double
        private let frameHeight: Double

        init(_ inverted: ScrollViewGeometry) {
            contentHeight = inverted.contentSize.height
            frameHeight = inverted.frame.height
            var geometry = inverted
            geometry.inverted = false
            geometry.contentInset = Self.swapped(inverted.contentInset)
            geometry.scrollIndicatorInsets = Self.swapped(inverted.scrollIndicatorInsets)
            geometry.safeAreaInsets = Self.swapped(inverted.safeAreaInsets)
            geometry.contentOffset.y = contentHeight - frameHeight - inverted.contentOffset.y
            self.geometry = geometry
        }

        /// A content rect of the inverted list, unflipped.
        func rect(_ rect: Rect) -> Rect {
            Rect(x: rect.x, y: contentHeight - rect.maxY, width: rect.width, height: rect.height)
        }

        /// An unflipped result, in the inverted list's own coordinates.
        func back(_ result: InsetResult) -> InsetResult {
            var back = result
            back.contentInset = Self.swapped(result.contentInset)
            back.scrollIndicatorInsets = Self.swapped(result.scrollIndicatorInsets)
            back.adjustedContentInset = Self.swapped(result.adjustedContentInset)
            back.contentOffset.y = contentHeight - frameHeight - result.contentOffset.y
            return back
        }

        private static func swapped(_ insets: EdgeInsets) -> EdgeInsets {
            EdgeInsets(top: insets.bottom, left: insets.left, bottom: insets.top, right: insets.right)
        }
    }
}

extension ScrollViewGeometry {
    /// An inverted list as the ordinary list it looks like (itself when not inverted).
    public var unflipped: ScrollViewGeometry {
        inverted ? KeyboardAvoidance.Flip(self).geometry : self
    }
}

extension InsetResult {
    /// The adjusted inset on the keyboard's side: the bottom, or the top of an inverted list. What an event's
    /// lift behaviour measures its change from (`previousAdjustedBottom`).
    public func keyboardSideAdjustedInset(inverted: Bool) -> Double {
        inverted ? adjustedContentInset.top : adjustedContentInset.bottom
    }
}
