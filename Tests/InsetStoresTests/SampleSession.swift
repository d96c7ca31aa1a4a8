import InsetCore
import InsetSession

@testable import InsetStores

/// A session of a 390x844 scroll view with a fresh id, created at `time` on the client's clock and `serverTime`
/// on the server's.
func sampleSession(time: Double? = nil, serverTime: Double = 0) -> Session {
    var geometry = Scene()
    geometry.setFrame(Rect(x: 0, y: 0, width: 390, height: 844))
    geometry.settleWindow()
    return Session(id: SessionID.make(), scene: geometry, time: time, serverTime: serverTime)
}
