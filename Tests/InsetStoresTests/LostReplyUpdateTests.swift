import InsetSession
import Testing

@testable import InsetStores
@testable import RedisClient

/// `RedisUpdate` after a lost reply, fed the replies Redis could give, without a Redis: which send goes next, and
/// how each record found answers.
@Suite("Redis update after a lost reply")
struct LostReplyUpdateTests {
    /// A store that never connects (nothing listens on port 1), its script loaded and session `id` cached at
    /// revision 5, written by nobody it knows.
    static func store(_ id: String) throws -> (RedisSessionStore, Session) {
        let store = RedisSessionStore(endpoint: RedisEndpoint(host: "127.0.0.1", port: 1), ttlSeconds: 60)
        store.scriptSHA.withLock { $0 = Array("sha".utf8) }
        var session = try SessionStoringTests.session(time: 100)
        session = Session(id: id, scene: session.scene, time: 100, serverTime: 0)
        let bytes = SessionRecord.encode(session, revision: 5)
        let key = try #require(SessionKey(id))
        store.cache.withLock { $0.remember(key, CachedRecord(session: session, revision: 5, bytes: bytes), now: 0) }
        return (store, session)
    }

    /// The record a compare-and-set sends: its JSON argument.
    static func record(in command: RedisCommand) throws -> [UInt8] {
        let bytes = command.bytes
        let start = try #require(bytes.firstRange(of: Array(#"{"v":"#.utf8))?.lowerBound)
        let end = try #require(bytes[start...].firstRange(of: [13, 10])?.lowerBound)
        return Array(bytes[start..<end])
    }

    static let lost = RedisOutcome(.failure(.unavailable("Resource temporarily unavailable")), reused: true)

    /// Raises the content inset's top, counting the runs and keeping the last run's value, as a change's outcome
    /// is kept by the one who runs it (the update says only whether the last run was applied).
    final class Raise: @unchecked Sendable {
        var runs = 0
        var value: Double?
        func callAsFunction(_ session: inout Session) {
            runs += 1
            session.scene.scrollView.contentInset.top += 1
            value = session.scene.scrollView.contentInset.top
        }
    }

    /// A raise on the cached record whose first reply is lost: the same compare-and-set goes again at once.
    static func lostRaise() throws -> (RedisUpdate, Raise, sent: [UInt8], ours: UInt64, Session) {
        let id = SessionID.make()
        let (store, session) = try store(id)
        let update = RedisUpdate(store: store, id: id, now: 1)
        let raise = Raise()
        guard case .send(let first) = update.begin({ raise(&$0) }) else { throw SessionError.notFound }
        guard case .send(let again) = update.received(lost, { raise(&$0) }) else { throw SessionError.notFound }
        #expect(again.bytes == first.bytes)
        let sent = try record(in: first)
        let ours = try #require(try SessionRecord.writers(in: sent).writer(back: 0))
        return (update, raise, sent, ours, session)
    }

    /// `session` stored at `revision`, written by `writers` (newest last).
    static func stored(_ session: Session, revision: Int, writers: [UInt64]) -> [UInt8] {
        let kept = writers.reduce(RecordWriters()) { $0.adding($1) }
        return SessionRecord.encode(session, revision: revision, writers: kept, reusing: nil).bytes
    }

    @Test func theSameRecordAtTheNextRevisionIsApplied() throws {
        let (update, raise, sent, _, _) = try Self.lostRaise()
        let step = update.received(RedisOutcome(.success(.string(sent)), reused: false), { raise(&$0) })
        guard case .done(.success) = step else { throw SessionError.notFound }
        #expect(raise.value == 1 && raise.runs == 1)
    }

    /// Revision 6 by another attempt: this one was not applied and no send of it can be any more (the revision
    /// moved past 5), so the change runs again on revision 6, as after any mismatch, and is answered once written.
    @Test func anotherWriterAtTheNextRevisionRunsTheChangeAgain() throws {
        let (update, raise, _, ours, session) = try Self.lostRaise()
        var other = session
        other.scene.scrollView.contentInset.top = 10
        let found = Self.stored(other, revision: 6, writers: [ours &+ 1])
        guard
            case .send(let next) = update.received(
                RedisOutcome(.success(.string(found)), reused: false), { raise(&$0) })
        else { throw SessionError.notFound }
        #expect(try SessionRecord.decode(try Self.record(in: next)).revision == 7)
        guard
            case .done(.success) = update.received(
                RedisOutcome(.success(.integer(1)), reused: false), { raise(&$0) })
        else { throw SessionError.notFound }
        #expect(raise.value == 11 && raise.runs == 2)
    }

    /// Revision 8, whose writers name this attempt as the writer of revision 6: applied, with two writes on top.
    @Test func thisAttemptAmongTheWritersIsApplied() throws {
        let (update, raise, _, ours, session) = try Self.lostRaise()
        let found = Self.stored(session, revision: 8, writers: [ours, ours &+ 1, ours &+ 2])
        let step = update.received(RedisOutcome(.success(.string(found)), reused: false), { raise(&$0) })
        guard case .done(.success) = step else { throw SessionError.notFound }
        #expect(raise.value == 1 && raise.runs == 1)
    }

    /// Revision 8 by others, revision 6 among them: not applied, run again.
    @Test func otherWritersAtTheNextRevisionRunTheChangeAgain() throws {
        let (update, raise, _, ours, session) = try Self.lostRaise()
        let found = Self.stored(session, revision: 8, writers: [ours &+ 3, ours &+ 1, ours &+ 2])
        guard case .send = update.received(RedisOutcome(.success(.string(found)), reused: false), { raise(&$0) })
        else { throw SessionError.notFound }
        #expect(raise.runs == 2)
    }

    /// Revision 10: the four writers kept reach back to revision 7 only; whether revision 6 was this attempt's
    /// cannot be told, and the answer says so. So does a record of an earlier release, without writers, past
    /// revision 6.
    @Test func writersThatDoNotReachBackLeaveTheOutcomeUnknown() throws {
        for (revision, writers) in [(10, [UInt64(1), 2, 3, 4, 5]), (7, [])] {
            let (update, raise, _, _, session) = try Self.lostRaise()
            let found = Self.stored(session, revision: revision, writers: writers)
            let step = update.received(RedisOutcome(.success(.string(found)), reused: false), { raise(&$0) })
            guard case .done(.failure(.outcomeUnknown(update.id, let reason))) = step else {
                Issue.record("revision \(revision): \(step)")
                continue
            }
            #expect(reason == "Resource temporarily unavailable")
            #expect(raise.runs == 1)
        }
    }

    /// The key gone: the session was deleted or expired, whatever became of the write.
    @Test func aKeyGoneIsNotFound() throws {
        let (update, raise, _, _, _) = try Self.lostRaise()
        let step = update.received(RedisOutcome(.success(.null), reused: false), { raise(&$0) })
        guard case .done(.failure(.notFound)) = step else {
            Issue.record("\(step)")
            return
        }
    }

    /// A send again that cannot reach Redis (no connection) waits for the pipeline's reconnect before the next; a lost
    /// reply of a send again goes again after `LostReply.spacing` at most; then the outcome wait ends.
    @Test func sendsAgainArePacedAndEnd() throws {
        let (update, raise, _, _, _) = try Self.lostRaise()
        let refused = RedisOutcome(.failure(.unavailable("Connection refused")), reused: false, sent: false)
        guard case .pause(let wait) = update.received(refused, { raise(&$0) }) else {
            throw SessionError.notFound
        }
        #expect(wait > 0 && wait <= LostReply.spacing + 1)
        var lost = LostReply(reason: "timeout", now: 0, waiting: 900)
        #expect(lost.next(after: Self.lost, now: 1, reconnectDelay: 0) == .send)
        lost.sending(at: 1)
        #expect(lost.next(after: Self.lost, now: 11, reconnectDelay: 0) == .wait(40))
        #expect(lost.next(after: refused, now: 11, reconnectDelay: 200) == .wait(200))
        #expect(lost.next(after: refused, now: 800, reconnectDelay: 500) == .wait(100))
        #expect(lost.next(after: nil, now: 900, reconnectDelay: 0) == .giveUp)
    }

    /// A read whose reply is lost wrote nothing: a 503 that says "retry", at once.
    @Test func aLostReadIsNotDone() throws {
        let id = SessionID.make()
        let (store, _) = try Self.store(id)
        let update = RedisUpdate(store: store, id: id, now: 1)
        guard case .send = update.begin({ _ in }) else { throw SessionError.notFound }
        let fresh = RedisOutcome(.failure(.unavailable("Resource temporarily unavailable")), reused: false)
        guard case .done(.failure(.storeUnavailable)) = update.received(fresh, { _ in }) else {
            throw SessionError.notFound
        }
    }
}
