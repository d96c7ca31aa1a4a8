import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The longest a test waits for what a server promises to do (an answer, a close, a count reaching its value), in
/// seconds: a ceiling that only a server that never does it reaches, never a measure of this machine's speed. Every
/// wait ends as soon as its condition holds, so a passing run never spends it.
public let ceilingSeconds = 30.0

/// Waits until `condition` holds, looking every 10 ms, for at most `seconds`; returns whether it held.
public func eventually(within seconds: Double = ceilingSeconds, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() >= deadline { return condition() }
        usleep(10_000)
    }
    return true
}
