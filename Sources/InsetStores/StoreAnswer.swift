import InsetSession
import Locking

/// What a store gives for a change, a creation or a deletion: the outcome at once (the memory store), or an
/// outcome still to come (Redis, whose reply completes it on its own thread). Domain values only: the service
/// turns either into its answer.
@usableFromInline
package enum StoreAnswer<Outcome: Sendable>: Sendable {
    /// Done: what the change returned, or why it failed.
    case now(Result<Outcome, SessionError>)
    /// Given later, by the thread that completes it.
    case later(PendingOutcome<Outcome>)
}

/// An outcome another thread gives later: Redis's reply thread completes it once, and whoever waits for it
/// subscribes once. Either may come first; the outcome given before the subscription is kept for it, so that a
/// store that completes at once (no round trip was needed) loses nothing. Inlinable, so that both sides
/// specialise it for their outcome: generic across the module boundary, every event locked a generic `Locked`.
@usableFromInline
package final class PendingOutcome<Outcome: Sendable>: Sendable {
    @usableFromInline
    enum State {
        /// Not given yet; the subscriber, once there is one.
        case waiting((@Sendable (Result<Outcome, SessionError>) -> Void)?)
        /// Given before anyone subscribed.
        case given(Result<Outcome, SessionError>)
        /// Handed to the subscriber; a second completion is ignored.
        case delivered
    }

    @usableFromInline let state = Locked(State.waiting(nil))

    /// An outcome still to come.
    @usableFromInline package init() {}

    /// Gives the outcome: to the subscriber at once, on this thread, or kept until one subscribes. A second call
    /// is ignored.
    @inlinable package func complete(_ result: Result<Outcome, SessionError>) {
        let subscriber = state.withLock {
            (state: inout State) -> (@Sendable (Result<Outcome, SessionError>) -> Void)? in
            guard case .waiting(let subscriber) = state else { return nil }
            guard let subscriber else {
                state = .given(result)
                return nil
            }
            state = .delivered
            return subscriber
        }
        subscriber?(result)
    }

    /// Calls `deliver` with the outcome once it is given: at once, on this thread, when it already is, else on
    /// the thread that gives it. One subscriber only.
    @inlinable package func whenComplete(_ deliver: @escaping @Sendable (Result<Outcome, SessionError>) -> Void) {
        let given = state.withLock { (state: inout State) -> Result<Outcome, SessionError>? in
            switch state {
            case .waiting(nil):
                state = .waiting(deliver)
                return nil
            case .given(let result):
                state = .delivered
                return result
            case .waiting(.some(_)), .delivered:
                preconditionFailure("a pending outcome has one subscriber")
            }
        }
        if let given { deliver(given) }
    }
}
