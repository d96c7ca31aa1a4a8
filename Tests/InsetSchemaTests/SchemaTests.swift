import InsetCore
import InsetJSON
import Testing

@testable import InsetSchema

/// The schema table drives both decoders: for every member it declares, in every body that may carry it, the
/// general and the fast decoder agree on valid values at each bound and refuse one value past it.
@Suite("Request schema drives both decoders")
struct SchemaTests {
    @Test(arguments: SchemaLeaf.all)
    func bothDecodersAgreeAtAndPastEveryBound(leaf: SchemaLeaf) throws {
        var checked = 0
        for kind in RequestBody.Kind.allCases
        where leaf.kinds.contains(kind.kinds) {
            for sample in leaf.samples {
                let bytes = leaf.body(kind, with: sample.value)
                let text = String(decoding: bytes, as: UTF8.self)
                var fast = RequestBody()
                let fastAccepted = bytes.withUnsafeBufferPointer { FastDecoder.decode($0, kind: kind, into: &fast) }
                let parsed = try JSONParser.parse(bytes)
                let general = Result { () throws(RequestError) in try GeneralDecoder.decode(parsed, kind: kind) }
                if sample.valid {
                    let decoded = try #require(try? general.get(), "\(kind) \(sample.label): \(text)")
                    if leaf.generalOnly {
                        #expect(!fastAccepted, "\(kind) \(sample.label): \(text)")
                    } else {
                        #expect(fastAccepted, "\(kind) \(sample.label): \(text)")
                        #expect(String(describing: fast) == String(describing: decoded), "\(kind) \(sample.label)")
                    }
                    // The value lands where the table reads it back, and a geometry value is marked sent.
                    #expect(leaf.read(from: decoded) == sample.value, "\(kind) \(sample.label)")
                    if case .geometry = leaf.target { #expect(!decoded.event.scene.given.isEmpty) }
                } else {
                    #expect(!fastAccepted, "\(kind) \(sample.label): \(text)")
                    guard case .failure(.invalid(let errors)) = general else {
                        Issue.record("\(kind) \(sample.label) was not refused: \(text)")
                        continue
                    }
                    #expect(errors.count == 1, "\(errors)")
                    #expect(errors.first?.pointer.hasPrefix(leaf.pointer) == true, "\(errors) for \(text)")
                }
                checked += 1
            }
        }
        #expect(checked > 0, "no body may carry \(leaf.pointer)")
    }

    /// A member in a body that may not carry it is an unknown member for both decoders.
    @Test(arguments: SchemaLeaf.all)
    func aMemberOutsideItsBodiesIsUnknown(leaf: SchemaLeaf) throws {
        for kind in RequestBody.Kind.allCases
        where !leaf.kinds.contains(kind.kinds) {
            let sample = try #require(leaf.samples.first { $0.valid })
            let bytes = leaf.body(kind, with: sample.value)
            var fast = RequestBody()
            #expect(!bytes.withUnsafeBufferPointer { FastDecoder.decode($0, kind: kind, into: &fast) })
            #expect(throws: RequestError.self) { try GeneralDecoder.decode(try JSONParser.parse(bytes), kind: kind) }
        }
    }

    /// Each geometry value has its own bit, a record key, and a pointer that names its place.
    @Test func geometryValuesHaveDistinctBitsAndRecordKeys() {
        let geometry = RequestSchema.geometry
        #expect(geometry.count <= 64)
        let keys = geometry.map(\.field.recordKey.description) + ["csf", "wg"]
        #expect(Set(keys).count == keys.count && !keys.contains(""))
        let keyboardKeys = RequestSchema.keyboard.map(\.recordKey.description)
        #expect(Set(keyboardKeys).count == keyboardKeys.count && !keyboardKeys.contains(""))
        for (field, pointer) in geometry { #expect(pointer.hasSuffix("/" + field.name.description)) }
    }
}
