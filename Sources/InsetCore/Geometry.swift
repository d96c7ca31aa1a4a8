/// A point in UIKit coordinates (origin top-left, y grows downward), in points.
public struct Point: Equatable, Hashable, Sendable {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height, in points.
public struct Size: Equatable, Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle: origin plus size, like `CGRect` with a non-negative size.
public struct Rect: Equatable, Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge.
    public var minX: Double { x }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Top edge.
    public var minY: Double { y }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// The top-left corner.
    public var origin: Point { Point(x: x, y: y) }
    /// The size.
    public var size: Size { Size(width: width, height: height) }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Height of the vertical intersection with `other` when the two also intersect horizontally;
    /// 0 when they are apart (touching edges do not intersect).
    public func verticalOverlap(with other: Rect) -> Double {
        let horizontal = min(maxX, other.maxX) - max(minX, other.minX)
        guard horizontal > 0 else { return 0 }
        return max(0, min(maxY, other.maxY) - max(minY, other.minY))
    }
}

/// Insets from each edge, like `UIEdgeInsets`.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double

    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Edge-by-edge sum.
    public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: lhs.top + rhs.top, left: lhs.left + rhs.left,
            bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }
}
