import InsetSession
import Testing

@testable import InsetStores

@Suite("Session ids")
struct SessionIDTests {
    @Test func hundredThousandIdsAreDistinctURLSafeAnd22Characters() {
        var seen = Set<String>()
        seen.reserveCapacity(100_000)
        for _ in 0..<100_000 {
            let id = SessionID.make()
            #expect(id.utf8.count == 22)
            seen.insert(id)
        }
        #expect(seen.count == 100_000)
        #expect(seen.allSatisfy(SessionID.isWellFormed))
    }

    @Test func everyPositionCarriesRandomness() {
        // 128 random bits in 22 base64url digits: the first digit holds 2 bits, every other one 6.
        var digitsSeen = [Set<Character>](repeating: [], count: 22)
        for _ in 0..<5_000 {
            for (index, character) in SessionID.make().enumerated() { digitsSeen[index].insert(character) }
        }
        #expect(digitsSeen[0].count == 4)
        #expect(digitsSeen.dropFirst().allSatisfy { $0.count == 64 })
    }

    @Test func exactlyTheBase64URLCharactersAreDigits() {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)
        for value in 0..<256 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // In each position, since the check reads every byte.
            for position in [0, 21] {
                var characters = Array(repeating: Character("A"), count: 22)
                characters[position] = Character(scalar)
                let id = String(characters)
                #expect(SessionID.isWellFormed(id) == alphabet.contains(scalar), "\(value) at \(position)")
                #expect((SessionKey(id) != nil) == alphabet.contains(scalar), "\(value) at \(position)")
            }
        }
    }

    @Test(arguments: [
        "", "short", String(repeating: "A", count: 23), "AAAAAAAAAAAAAAAAAAAA/A", "AAAAAAAAAAAAAAAAAAAA..",
    ])
    func malformedIdsAreNeverLookedUp(id: String) {
        #expect(!SessionID.isWellFormed(id))
        #expect(SessionKey(id) == nil)
    }

    @Test func digitValuesInvertDigits() {
        for value in 0..<64 { #expect(SessionID.value(of: SessionID.digit(value)) == UInt8(value)) }
    }

    @Test func twoIdsShareAKeyOnlyWhenEqual() {
        // One digit changed anywhere, to any other digit, changes the key: the 22 digits are held, never
        // folded, including a first digit no generated id has (above 3).
        let base = Array("DAAAAAAAAAAAAAAAAAAAAA".utf8)
        let key = SessionKey(String(decoding: base, as: UTF8.self))
        #expect(key != nil)
        for position in 0..<22 {
            for value in 0..<64 where SessionID.digit(value) != base[position] {
                var changed = base
                changed[position] = SessionID.digit(value)
                #expect(SessionKey(String(decoding: changed, as: UTF8.self)) != key, "\(value) at \(position)")
            }
        }
        var keys = Set<SessionKey>()
        var ids = Set<String>()
        for _ in 0..<20_000 {
            let id = SessionID.make()
            ids.insert(id)
            if let key = SessionKey(id) { keys.insert(key) }
        }
        #expect(keys.count == ids.count)
    }
}
