import InsetCore
import Testing

@testable import InsetSchema

@Suite("NSStringFromCGRect and NSStringFromCGPoint strings")
struct NSStringGeometryTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        var text: String
        var rect: Rect
        var testDescription: String { text }
    }

    static let validRects: [Valid] = [
        Valid(text: "{{0, 508}, {390, 336}}", rect: Rect(x: 0, y: 508, width: 390, height: 336)),
        Valid(text: "NSRect: {{0, 508}, {390, 336}}", rect: Rect(x: 0, y: 508, width: 390, height: 336)),
        Valid(text: "NSRect:{{0, 508}, {390, 336}}", rect: Rect(x: 0, y: 508, width: 390, height: 336)),
        Valid(text: "NSRect:   {{0,508},{390,336}}", rect: Rect(x: 0, y: 508, width: 390, height: 336)),
        Valid(text: "{{0,508},{390,336}}", rect: Rect(x: 0, y: 508, width: 390, height: 336)),
        Valid(text: "{ { 0 , 508 } , { 390 , 336 } }", rect: Rect(x: 0, y: 508, width: 390, height: 336)),
        Valid(text: "{{-10, -20.5}, {390, 336}}", rect: Rect(x: -10, y: -20.5, width: 390, height: 336)),
        Valid(text: "{{0, 844.5}, {390, -0}}", rect: Rect(x: 0, y: 844.5, width: 390, height: 0)),
        Valid(text: "{{0.25, 1e2}, {3.5E+1, 1.5e-1}}", rect: Rect(x: 0.25, y: 100, width: 35, height: 0.15)),
        // %.17g output: more digits than the fast path takes.
        Valid(
            text: "{{0, 507.99999999999994}, {390, 1.0000000000000001e-05}}",
            rect: Rect(x: 0, y: 507.99999999999994, width: 390, height: 1.0000000000000001e-05)),
        Valid(
            text: "{{12345678901234567890123, 0.000000000000000000000000001}, {0, 0}}",
            rect: Rect(x: 1.2345678901234568e22, y: 1e-27, width: 0, height: 0)),
        Valid(text: "{{0, 1e400}, {-0.0, 0e7}}", rect: Rect(x: 0, y: .infinity, width: 0, height: 0)),
    ]

    @Test(arguments: validRects)
    func readsARect(_ valid: Valid) throws {
        #expect(try NSStringGeometry.rect(valid.text) == valid.rect)
    }

    @Test func keepsTheSignOfZeroForTheCallerToFold() throws {
        #expect(try NSStringGeometry.rect("{{-0, 0}, {0, -0}}").x.sign == .minus)
        #expect(try NSStringGeometry.rect("{{-0, 0}, {0, -0}}").y.sign == .plus)
    }

    static let invalidRects: [(text: String, offset: Int)] = [
        ("", 0),
        ("{{0,508},{390}}", 13),
        ("{{0, 508}, {390, 336}} ", 22),
        ("{{0, 508}, {390, 336}}x", 22),
        (" {{0, 508}, {390, 336}}", 0),
        ("{{0, 508}, {390, 336}}}", 22),
        ("{{0, 508}, {390, 336}, {1, 2}}", 21),
        ("{{0, 508}, {390, 336}", 21),
        ("{{nan, 508}, {390, 336}}", 2),
        ("{{0, inf}, {390, 336}}", 5),
        ("{{0, 508}, {NaN, 336}}", 12),
        ("{{0, -inf}, {390, 336}}", 6),
        ("{{+1, 508}, {390, 336}}", 2),
        ("{{.5, 508}, {390, 336}}", 2),
        ("{{5., 508}, {390, 336}}", 4),
        ("{{01, 508}, {390, 336}}", 3),
        ("{{0, 508}, {390, 3e}}", 19),
        ("{{0, 508}, {390, 3e+}}", 20),
        ("{{0, -}, {390, 336}}", 6),
        ("{{0, --1}, {390, 336}}", 6),
        ("{{0 508}, {390, 336}}", 4),
        ("{{0,,508},{390,336}}", 4),
        ("{{0, 5 08}, {390, 336}}", 7),
        ("{{0,\t508}, {390, 336}}", 4),
        ("{{0, 508},\n{390, 336}}", 10),
        ("{{0, \u{0665}}, {390, 336}}", 5),
        ("{{0, 0x1p3}, {390, 336}}", 6),
        ("{{0, 1_000}, {390, 336}}", 6),
        ("{0, 508, 390, 336}", 1),
        ("{{0, 508}}", 9),
        ("NSRect {{0, 508}, {390, 336}}", 0),
        ("nsrect: {{0, 508}, {390, 336}}", 0),
        ("NSPoint: {{0, 508}, {390, 336}}", 0),
        ("NSRect: ", 8),
        ("(0.0, 508.0, 390.0, 336.0)", 0),
        ("{{0, 1" + String(repeating: "0", count: 300) + "}, {0, 0}}", 256),
    ]

    @Test(arguments: invalidRects)
    func refusesAMalformedRect(_ text: String, offset: Int) {
        #expect(throws: NSStringGeometryError.self) { try NSStringGeometry.rect(text) }
        do {
            _ = try NSStringGeometry.rect(text)
        } catch {
            #expect(error.offset == offset, "\(error)")
        }
    }

    @Test(arguments: [
        ("{195, 676}", Point(x: 195, y: 676)),
        ("NSPoint: {195, 676}", Point(x: 195, y: 676)),
        ("{-0.5,1e-3}", Point(x: -0.5, y: 0.001)),
        ("{ 195 , 676 }", Point(x: 195, y: 676)),
    ])
    func readsAPoint(_ text: String, point: Point) throws {
        #expect(try NSStringGeometry.point(text) == point)
    }

    @Test(arguments: [
        "", "{195}", "{195, 676, 1}", "{{195, 676}}", "NSRect: {195, 676}", " {195, 676}", "{195, 676} ", "195, 676",
    ])
    func refusesAMalformedPoint(_ text: String) {
        #expect(throws: NSStringGeometryError.self) { try NSStringGeometry.point(text) }
    }
}
