import Testing

@testable import InsetService

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
            }
        }
    }

    @Test(arguments: [
        "", "short", String(repeating: "A", count: 23), "AAAAAAAAAAAAAAAAAAAA/A", "AAAAAAAAAAAAAAAAAAAA..",
    ])
    func malformedIdsAreNeverLookedUp(id: String) {
        #expect(!SessionID.isWellFormed(id))
    }
}
