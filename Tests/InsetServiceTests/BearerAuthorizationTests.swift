import Testing

@testable import InsetService

/// `Authorization: Bearer <token>` held to the configured token, byte by byte, without the whitespace around it.
@Suite struct BearerAuthorizationTests {
    static let token = Array("s3cret".utf8)

    @Test func theRightTokenWithWhitespaceAroundItOrMoreSpacesBeforeIt() {
        for header in [
            "Bearer s3cret", "bearer s3cret", "BEARER s3cret", "bEaReR s3cret", "Bearer s3cret ", "Bearer s3cret\t",
            "Bearer s3cret \t ", "Bearer   s3cret", " Bearer s3cret", "\t Bearer s3cret \t",
        ] {
            #expect(BearerAuthorization.accepts(header, token: Self.token), "\(header.debugDescription)")
        }
    }

    @Test func anythingElseIsRefused() {
        for header: String? in [
            nil, "", " ", "Bearer", "Bearer ", "Bearer  \t ", "Bearers3cret", "Bearer\ts3cret", "Basic s3cret",
            "s3cret", "Bearer s3cre", "Bearer s3cretx", "Bearer s3cret x", "Bearer S3CRET", "Bearer s3cret\n",
            "Bearer s3cret\r", "Bearer s3cret\u{0B}", "Bearer \u{0B}s3cret", "Bearer s3 cret", "Bearer s3cret\u{0}",
            "Bearer s3cre\u{7F}",
            "Bearèr s3cret", "Bearer " + String(repeating: "s3cret", count: 1000),
        ] {
            #expect(!BearerAuthorization.accepts(header, token: Self.token), "\(header.debugDescription)")
        }
    }

    /// A token of whitespace (the executable refuses one) is never presented by a header of `Bearer` and
    /// whitespace, which opened every route.
    @Test func whitespaceNeverPresentsAWhitespaceToken() {
        for token in [" ", "  ", "\t"] {
            for header in ["Bearer " + token, "Bearer  ", "Bearer \t", "Bearer " + token + token, "Bearer"] {
                #expect(!BearerAuthorization.accepts(header, token: Array(token.utf8)))
            }
        }
    }

    /// Equal only byte for byte and length for length; every byte is looked at whatever differs first.
    @Test func theComparisonSeesEveryByte() {
        #expect(constantTimeEquals([], []))
        #expect(constantTimeEquals(Array("abc".utf8), Array("abc".utf8)))
        #expect(!constantTimeEquals(Array("abc".utf8), Array("abd".utf8)))
        #expect(!constantTimeEquals(Array("xbc".utf8), Array("abc".utf8)))
        #expect(!constantTimeEquals(Array("ab".utf8), Array("abc".utf8)))
        #expect(!constantTimeEquals(Array("abc".utf8), Array("ab".utf8)))
        #expect(!constantTimeEquals(Array("ab\u{0}".utf8), Array("ab".utf8)))
    }
}
