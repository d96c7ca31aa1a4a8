import Testing

@testable import InsetSchema

/// The numbers inside geometry strings, read as JSON reads numbers: each form at the edge of the grammar or of
/// the conversion, accepted or refused, with the byte and the reason a refusal names.
@Suite("Numbers in NSStringFromCGRect and NSStringFromCGPoint strings")
struct NSStringGeometryNumberTests {
    struct Number: CustomTestStringConvertible, Sendable {
        var text: String
        var value: Double
        var testDescription: String { text }
    }

    static let accepted: [Number] = [
        Number(text: "1E5", value: 100_000),
        Number(text: "1e+5", value: 100_000),
        Number(text: "1e-5", value: 1e-5),
        Number(text: "1E-0", value: 1),
        Number(text: "1e05", value: 100_000),
        Number(text: "-0e-0", value: -0.0),
        Number(text: "-0.0", value: -0.0),
        Number(text: "0.1", value: 0.1),
        Number(text: "0.000000000000000000001", value: 1e-21),
        Number(text: "1e22", value: 1e22),
        Number(text: "1e23", value: 1e23),
        Number(text: "100000000000000000000000", value: 1e23),
        Number(text: "1e-22", value: 1e-22),
        Number(text: "1e-23", value: 1e-23),
        Number(text: "9007199254740992", value: 9_007_199_254_740_992),
        Number(text: "9007199254740993", value: 9_007_199_254_740_992),
        Number(text: "1234567890123456789", value: 1_234_567_890_123_456_768),
        Number(text: "0.12345678901234567890", value: 0.12345678901234567890),
        Number(text: "4.9e-324", value: .leastNonzeroMagnitude),
        Number(text: "2e-324", value: 0),
        Number(text: "1e-400", value: 0),
        Number(text: "-1e-400", value: -0.0),
        Number(text: "1.7976931348623157e308", value: .greatestFiniteMagnitude),
        Number(text: "1.7976931348623159e308", value: .infinity),
        Number(text: "-1e400", value: -.infinity),
        Number(text: "1e99999999999", value: .infinity),
        Number(text: "1e-99999999999", value: 0),
        Number(text: "0e99999999999", value: 0),
        Number(text: "0." + String(repeating: "0", count: 200) + "1e201", value: 1),
    ]

    @Test(arguments: accepted)
    func readsTheNearestDouble(_ number: Number) throws {
        let point = try NSStringGeometry.point("{\(number.text), 0}")
        #expect(point.x.bitPattern == number.value.bitPattern, "\(point.x)")
        let rect = try NSStringGeometry.rect("{{0, 0}, {0, \(number.text)}}")
        #expect(rect.height.bitPattern == number.value.bitPattern, "\(rect.height)")
    }

    static let refused: [(text: String, offset: Int, reason: String)] = [
        ("{{01, 508}, {390, 336}}", 3, "leading zero"),
        ("{{-01, 508}, {390, 336}}", 4, "leading zero"),
        ("{{00, 508}, {390, 336}}", 3, "leading zero"),
        ("{{5., 508}, {390, 336}}", 4, "expected a digit after '.'"),
        ("{{0, 5.", 7, "expected a digit after '.'"),
        ("{{0, 508}, {390, 3e}}", 19, "expected a digit in the exponent"),
        ("{{0, 508}, {390, 3e+}}", 20, "expected a digit in the exponent"),
        ("{{0, 5E-x}, {390, 336}}", 8, "expected a digit in the exponent"),
        ("{{0, 5e", 7, "expected a digit in the exponent"),
        ("{{0, -}, {390, 336}}", 6, "expected a digit"),
        ("{{0, -", 6, "expected a digit"),
        ("{{0, ", 5, "expected a digit"),
        ("{{+1, 508}, {390, 336}}", 2, "expected a digit"),
        ("{{.5, 508}, {390, 336}}", 2, "expected a digit"),
        ("{{0, inf}, {390, 336}}", 5, "expected a digit"),
        ("{{0, -inf}, {390, 336}}", 6, "expected a digit"),
        ("{{0, 1.5.5}, {390, 336}}", 8, "expected '}'"),
        ("{{0, 1e5e5}, {390, 336}}", 8, "expected '}'"),
        ("{{0x10, 0}, {390, 336}}", 3, "expected ','"),
        ("{{1 e5, 2}, {390, 336}}", 4, "expected ','"),
    ]

    @Test(arguments: refused)
    func refusesAMalformedNumberAtTheOffendingByte(_ text: String, offset: Int, reason: String) {
        #expect(throws: NSStringGeometryError(offset: offset, reason: reason)) { try NSStringGeometry.rect(text) }
    }
}
