import InsetCore
import InsetDevices
import InsetSession
import Testing

@testable import InsetService

/// A stateless Android event goes to `AndroidDeviceRequest.resolve` only when it gives one of `naming`'s members
/// (`AndroidEvents.stateless`): that shortcut must be what `resolve` does without a session.
@Suite("Android requests by device")
struct AndroidDeviceRequestTests {
    /// Each scene value, alone.
    static let eachValue = SceneValue.allCases.map { SceneValues($0) }

    @Test func withoutANamingMemberResolveLeavesAStatelessEventAsItIs() throws {
        var checked = 0
        for value in Self.eachValue where value.isDisjoint(with: AndroidDeviceRequest.naming) {
            for showing in [true, false] {
                var event = KeyboardEvent()
                event.scene.given = value
                let before = event
                let frame = try AndroidDeviceRequest.resolve(
                    &event, showing: showing, over: nil, in: .standard)
                #expect(frame == nil && event == before, "\(value)")
                checked += 1
            }
        }
        #expect(checked >= 2 * (Self.eachValue.count - 2))
    }

    @Test func eachNamingMemberIsOneResolveActsOn() throws {
        // How a device is held, with no device named: refused.
        var held = KeyboardEvent()
        held.scene.given = SceneValues(.orientation)
        held.scene.values.device.orientation = .landscape
        #expect(throws: SessionError.self) {
            try AndroidDeviceRequest.resolve(&held, showing: true, over: nil, in: .standard)
        }
        // A device named: its screen, bars and IME written in.
        var named = KeyboardEvent()
        named.scene.given = SceneValues(.id)
        named.scene.values.device.id = "pixel-9"
        let frame = try AndroidDeviceRequest.resolve(&named, showing: true, over: nil, in: .standard)
        #expect(frame != nil && named.scene.given.contains(.screen) && named.keyboard.frameEnd == frame)
        #expect(AndroidDeviceRequest.naming == SceneValues(.id).union(SceneValues(.orientation)))
    }
}
