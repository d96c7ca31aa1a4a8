import InsetCore
import InsetJSON

extension FieldReader {
    /// A page's fixed bars, `[{id, top | bottom, height}]`: at most `Limits.fixedElements`, each id a non-empty
    /// string sent once, each with exactly one of `top` and `bottom` (a coordinate: a bar may sit past its edge)
    /// and a height.
    mutating func fixedElements(_ value: JSONValue, at pointer: String) -> [FixedElement]? {
        guard case .array(let items) = value else {
            fail(pointer, "must be an array")
            return nil
        }
        guard items.count <= Limits.fixedElements else {
            fail(pointer, "must have at most \(Limits.fixedElements) items")
            return nil
        }
        var elements: [FixedElement] = []
        var valid = true
        for (index, item) in items.enumerated() {
            let itemPointer = pointer + "/" + String(index)
            guard let object = object(item, at: itemPointer, allowed: ["id", "top", "bottom", "height"]) else {
                valid = false
                continue
            }
            let id = required(object, "id", at: itemPointer) { $0.string($1, at: $2()) }
            let height = required(object, "height", at: itemPointer) { $0.length($1, at: $2()) }
            let top = optional(object, "top", at: itemPointer) { $0.number($1, at: $2()) }
            let bottom = optional(object, "bottom", at: itemPointer) { $0.number($1, at: $2()) }
            let edge: (FixedElement.Edge, Double)?
            switch (object["top"], object["bottom"]) {
            case (nil, nil):
                fail(itemPointer + "/bottom", "is required, or top: the edge of the viewport the bar is held to")
                edge = nil
            case (.some, .some):
                fail(itemPointer + "/bottom", "cannot be sent with top: a bar is held to one edge")
                edge = nil
            case (.some, nil): edge = top.map { (.top, $0) }
            case (nil, .some): edge = bottom.map { (.bottom, $0) }
            }
            guard let id, let height, let edge else {
                valid = false
                continue
            }
            if id.isEmpty {
                fail(itemPointer + "/id", "must not be empty")
                valid = false
            } else if elements.contains(where: { $0.id == id }) {
                fail(itemPointer + "/id", "must differ from every other fixed element's id")
                valid = false
            }
            elements.append(FixedElement(id: id, edge: edge.0, offset: edge.1, height: height))
        }
        return valid ? elements : nil
    }
}
