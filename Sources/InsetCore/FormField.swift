/// A field of a form the focus can move to: a text field or a text view, in content coordinates.
public struct FormField: Equatable, Sendable {
    /// The client's name for it, as `focus` and the navigation answer name it.
    public var id: String
    /// Its frame in the scroll view's content coordinates.
    public var rect: Rect
    /// Where it comes in the focus order; fields without one follow those with one, by position.
    public var order: Double?

    /// Creates a field.
    public init(id: String, rect: Rect, order: Double? = nil) {
        self.id = id
        self.rect = rect
        self.order = order
    }
}

/// The previous/next order of a form's fields: what a toolbar's arrows step through.
///
/// Fields with an `order` come first, by increasing order; the others follow by position, top to bottom, then
/// left to right (what TPKeyboardAvoiding does). Ties keep the order the fields were sent in.
public enum FocusNavigation {
    /// The fields' indices in navigation order.
    public static func order(_ fields: [FormField]) -> [Int] {
        fields.indices.sorted { precedes(fields[$0], $0, fields[$1], $1) }
    }

    /// The fields before and after the one named `id` (nil at either end, and both nil when `id` is nil or
    /// names no field).
    public static func neighbours(of id: String?, in fields: [FormField]) -> (previous: String?, next: String?) {
        guard let id else { return (nil, nil) }
        let order = order(fields)
        guard let position = order.firstIndex(where: { fields[$0].id == id }) else { return (nil, nil) }
        let previous = position > 0 ? fields[order[position - 1]].id : nil
        let next = position + 1 < order.count ? fields[order[position + 1]].id : nil
        return (previous, next)
    }

    private static func precedes(_ a: FormField, _ aIndex: Int, _ b: FormField, _ bIndex: Int) -> Bool {
        switch (a.order, b.order) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if a.rect.minY != b.rect.minY { return a.rect.minY < b.rect.minY }
            if a.rect.minX != b.rect.minX { return a.rect.minX < b.rect.minX }
            return aIndex < bIndex
        }
    }
}
