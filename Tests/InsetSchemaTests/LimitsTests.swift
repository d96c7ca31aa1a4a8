import InsetSession
import Testing

@testable import InsetSchema

/// The bounds `scripts/generate` writes from `openapi.yaml` (`Limits+Contract.swift`) meet the domain's own.
@Suite("Limits")
struct LimitsTests {
    /// A scene keeps every coordinate and length within `Scene.maxMagnitude`, and the spec's `Coordinate` and
    /// `Length` bound a request's to the same: a value the decoder takes is one the scene can hold.
    @Test func theSpecsCoordinateAndLengthAreTheScenesBound() {
        #expect(Limits.coordinate == -Scene.maxMagnitude...Scene.maxMagnitude)
        #expect(Limits.length == 0...Scene.maxMagnitude)
        #expect(Limits.maxMagnitude == Scene.maxMagnitude)
    }
}
