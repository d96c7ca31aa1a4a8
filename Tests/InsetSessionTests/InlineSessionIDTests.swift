import InsetSession
import Testing

@Suite("Inline session ids")
struct InlineSessionIDTests {
    /// The base64url digits every id the service makes is spelled with.
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The inline id of `bytes`, as the decoder reads it from a body.
    static func id(_ bytes: [UInt8]) -> InlineSessionID? {
        bytes.withUnsafeBufferPointer { InlineSessionID($0) }
    }

    @Test func everyByteComesBackInItsPlace() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<22).map { _ in Self.digits[Int.random(in: 0..<64, using: &generator)] }
            let text = String(decoding: bytes, as: UTF8.self)
            let id = Self.id(bytes)
            #expect(id?.string == text)
            #expect(id?.withBytes { Array($0) } == bytes)
            #expect(InlineSessionID(text) == id)
        }
    }

    /// Exactly the bytes JSON writes unescaped, printable ASCII but the quote and the backslash, at every position.
    @Test func onlyPlainBytesAreHeld() {
        for position in 0..<22 {
            for byte in UInt8.min...UInt8.max {
                var bytes = [UInt8](repeating: UInt8(ascii: "A"), count: 22)
                bytes[position] = byte
                let plain = (0x20...0x7E).contains(byte) && byte != 0x22 && byte != 0x5C
                let id = Self.id(bytes)
                #expect((id != nil) == plain, "\(byte) at \(position)")
                if plain { #expect(id?.withBytes { Array($0) } == bytes) }
            }
        }
    }

    @Test(arguments: [0, 1, 8, 21, 23, 64])
    func anyOtherLengthIsNone(length: Int) {
        #expect(Self.id([UInt8](repeating: UInt8(ascii: "A"), count: length)) == nil)
        #expect(InlineSessionID(String(repeating: "A", count: length)) == nil)
    }

    @Test func idsAreEqualExactlyWhenTheirBytesAre() throws {
        let base = [UInt8](repeating: UInt8(ascii: "A"), count: 22)
        let id = try #require(Self.id(base))
        #expect(Self.id(base) == id)
        #expect(Self.id(base)?.hashValue == id.hashValue)
        var ids: Set<InlineSessionID> = [id]
        for position in 0..<22 {
            for digit in Self.digits where digit != base[position] {
                var changed = base
                changed[position] = digit
                let other = try #require(Self.id(changed))
                #expect(other != id, "\(digit) at \(position)")
                ids.insert(other)
            }
        }
        #expect(ids.count == 1 + 22 * 63)
    }
}
