import InsetJSON
import Testing

@Test func subscriptFindsMembersByExactKey() {
    let object: JSONObject = ["width": 390, "é": "precomposed"]
    #expect(object["width"] == 390)
    #expect(object["height"] == nil)
    #expect(object["é"] == "precomposed")
    // Canonically equivalent but different scalars: a different JSON key.
    #expect(object["e\u{301}"] == nil)
    #expect(object.keys == ["width", "é"])
}

@Test func equalityIgnoresMemberOrder() {
    let a: JSONObject = ["x": 1, "y": [true], "z": .null]
    let b: JSONObject = ["z": .null, "x": 1, "y": [true]]
    #expect(a == b)
    #expect(JSONValue.object(a) == .object(b))
    #expect(a != ["x": 1, "y": [false], "z": .null])
    #expect(a != ["x": 1, "y": [true]])
    #expect(a != ["x": 1, "y": [true], "w": .null])
}

@Test func equalityOfLargeReorderedObjects() {
    let members = (0..<1_000).map { (key: "k\($0)", value: JSONValue.number(Double($0))) }
    #expect(JSONObject(members) == JSONObject(members.reversed()))
    var changed = members.reversed() as [(key: String, value: JSONValue)]
    changed[500].value = "different"
    #expect(JSONObject(members) != JSONObject(changed))
}

@Test func equalityWithRepeatedKeysMatchesOccurrencesInOrder() {
    // The parser never produces these, but hand-built objects may.
    let a = JSONObject([(key: "k", value: 1), (key: "k", value: 2), (key: "j", value: 3)])
    #expect(a == JSONObject([(key: "j", value: 3), (key: "k", value: 1), (key: "k", value: 2)]))
    #expect(a != JSONObject([(key: "j", value: 3), (key: "k", value: 2), (key: "k", value: 1)]))
    #expect(a != JSONObject([(key: "k", value: 1), (key: "j", value: 3), (key: "j", value: 3)]))
}

@Test func stringsCompareByScalarsNotCanonicalEquivalence() {
    #expect(JSONValue.string("é") != .string("e\u{301}"))
    #expect(JSONValue.string("é") == .string("é"))
    #expect(JSONValue.number(-0.0) == .number(0))
    #expect(JSONValue.number(1) != .string("1"))
    #expect(JSONValue.array([1, 2]) != .array([2, 1]))
}

@Test func literalsBuildTheExpectedCases() {
    let value: JSONValue = ["a": [1, 2.5, "s", true, .null]]
    let expected = JSONValue.object(
        JSONObject([
            (key: "a", value: .array([.number(1), .number(2.5), .string("s"), .bool(true), .null]))
        ]))
    #expect(value == expected)
}
