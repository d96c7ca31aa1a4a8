import InsetSession
import Locking
import RedisClient

extension RedisSessionStore {
    /// Sends `command`, a write of session `id` that has the same effect however often it runs, and gives
    /// `completion` its reply; a send whose reply was lost goes again until one is answered (`LostReply`), and
    /// `again` says whether it did. A failure before it was sent is a 503 with `Retry-After`; a lost reply that no
    /// send again could settle in time is `outcomeUnknown`. Nothing waits: `completion` runs on the Redis thread,
    /// or on the thread of the pauses between sends (`delays`).
    func write(
        _ command: RedisCommand, session id: String,
        then completion: @escaping @Sendable (Result<(reply: RedisReply, again: Bool), SessionError>) -> Void
    ) {
        SessionWrite(store: self, command: command, session: id, completion: completion).send()
    }

    /// `write`, waiting for the reply on this thread: for callers that have no answer to suspend (tests, tools),
    /// never for a route.
    func write(_ command: RedisCommand, session id: String) throws(SessionError) -> (RedisReply, again: Bool) {
        try Self.waiting { write(command, session: id, then: $0) }
    }

    /// What `start` gives its completion, waited for on this thread.
    static func waiting<T: Sendable>(
        _ start: (@escaping @Sendable (Result<T, SessionError>) -> Void) -> Void
    ) throws(SessionError) -> T {
        let outcome = Locked<Result<T, SessionError>?>(nil)
        start { result in outcome.withLockSignalling { $0 = result } }
        while true {
            // Every write ends within its timeouts and the outcome wait; the slice only bounds a clock's jump.
            if let result = outcome.wait(until: { $0 != nil }, atMost: 60, then: { $0 }) { return try result.get() }
        }
    }
}

/// One `RedisSessionStore.write` between its sends: used by one thread at a time, each step handed to the next
/// through the pipeline's or the delayed calls' lock, hence `@unchecked Sendable`.
private final class SessionWrite: @unchecked Sendable {
    let store: RedisSessionStore
    let command: RedisCommand
    let id: String
    let completion: @Sendable (Result<(reply: RedisReply, again: Bool), SessionError>) -> Void
    /// Once a send went out and its reply was lost: the search for what became of it.
    private var lost: LostReply?
    /// The last send's failure.
    private var failure = RedisError.unavailable("not sent")

    init(
        store: RedisSessionStore, command: RedisCommand, session id: String,
        completion: @escaping @Sendable (Result<(reply: RedisReply, again: Bool), SessionError>) -> Void
    ) {
        self.store = store
        self.command = command
        self.id = id
        self.completion = completion
    }

    func send() {
        store.pipeline.send(command) { [self] outcome in received(outcome) }
    }

    private func received(_ outcome: RedisOutcome) {
        switch outcome.result {
        case .success(let reply): return completion(.success((reply, lost != nil)))
        case .failure(let error): failure = error
        }
        if lost == nil {
            guard outcome.sent, case .unavailable(let reason) = failure else {
                return completion(.failure(store.unavailable(failure)))
            }
            lost = LostReply(reason: reason, now: MonotonicClock.system.now(), waiting: store.outcomeWait)
        }
        proceed(after: outcome)
    }

    /// Sends again, pauses (on the delayed calls' thread, never the Redis thread), or gives up.
    private func proceed(after outcome: RedisOutcome?) {
        guard var lost else { return }
        let now = MonotonicClock.system.now()
        switch lost.next(after: outcome, now: now, reconnectDelay: store.pipeline.reconnectDelay) {
        case .send:
            lost.sending(at: now)
            self.lost = lost
            send()
        case .wait(let milliseconds):
            store.delays.after(milliseconds) { [self] in proceed(after: nil) }
        case .giveUp:
            _ = store.unavailable(failure)
            completion(.failure(.outcomeUnknown(session: id, reason: lost.reason)))
        }
    }
}
