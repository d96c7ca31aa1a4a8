import Testing

@testable import InsetCore

/// A form's fields and the navigation order they must come in.
struct NavigationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var fields: [FormField]
    var expected: [String]
    var testDescription: String { name }
}

private func field(_ id: String, x: Double = 16, y: Double, order: Double? = nil) -> FormField {
    FormField(id: id, rect: Rect(x: x, y: y, width: 160, height: 44), order: order)
}

let navigationCases: [NavigationCase] = [
    NavigationCase(
        name: "by position: top to bottom", fields: [field("c", y: 300), field("a", y: 100), field("b", y: 200)],
        expected: ["a", "b", "c"]),
    NavigationCase(
        name: "by position: a row left to right",
        fields: [field("last", x: 200, y: 100), field("first", x: 16, y: 100), field("email", y: 160)],
        expected: ["first", "last", "email"]),
    NavigationCase(
        name: "by order, whatever the position",
        fields: [field("x", y: 100, order: 3), field("y", y: 200, order: 1), field("z", y: 300, order: 2)],
        expected: ["y", "z", "x"]),
    NavigationCase(
        name: "ordered fields first, then the rest by position",
        fields: [field("p", y: 50), field("o2", y: 400, order: 2), field("q", y: 10), field("o1", y: 900, order: 1)],
        expected: ["o1", "o2", "q", "p"]),
    NavigationCase(
        name: "equal orders fall back to position",
        fields: [field("b", y: 200, order: 1), field("a", y: 100, order: 1)], expected: ["a", "b"]),
    NavigationCase(
        name: "the same place keeps the order sent", fields: [field("one", y: 100), field("two", y: 100)],
        expected: ["one", "two"]),
    NavigationCase(
        name: "negative and fractional orders", fields: [field("a", y: 0, order: 0.5), field("b", y: 0, order: -2)],
        expected: ["b", "a"]),
]

@Suite("Focus navigation order")
struct FocusNavigationTests {
    @Test("The order previous and next step through", arguments: navigationCases)
    func order(_ testCase: NavigationCase) {
        let order = FocusNavigation.order(testCase.fields).map { testCase.fields[$0].id }
        #expect(order == testCase.expected)
    }

    @Test("Each field's neighbours are the ones beside it in that order", arguments: navigationCases)
    func neighbours(_ testCase: NavigationCase) {
        let ids = testCase.expected
        for (position, id) in ids.enumerated() {
            let neighbours = FocusNavigation.neighbours(of: id, in: testCase.fields)
            #expect(neighbours.previous == (position > 0 ? ids[position - 1] : nil), "\(id)")
            #expect(neighbours.next == (position + 1 < ids.count ? ids[position + 1] : nil), "\(id)")
        }
    }

    @Test func noFocusOrAnUnknownOneHasNoNeighbours() {
        let fields = [field("a", y: 0), field("b", y: 100)]
        #expect(FocusNavigation.neighbours(of: nil, in: fields) == (nil, nil))
        #expect(FocusNavigation.neighbours(of: "zzz", in: fields) == (nil, nil))
        #expect(FocusNavigation.neighbours(of: "a", in: [field("a", y: 0)]) == (nil, nil))
    }
}
