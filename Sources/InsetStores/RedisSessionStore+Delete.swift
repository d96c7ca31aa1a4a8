import InsetSession
import RedisClient

extension RedisSessionStore {
    /// One `EVAL` of `deleteOnce`, which goes again when its reply was lost (`write`) and tells `completion`
    /// (on the Redis thread) whether this `DELETE` deleted the session, by that send or an earlier one: 204 then,
    /// else 404.
    func remove(_ id: String, then completion: @escaping @Sendable (Result<Bool, SessionError>) -> Void) {
        guard let sessionKey = SessionKey(id) else { return completion(.success(false)) }
        cache.withLock { $0.forget(sessionKey) }
        let command = RedisCommand([
            Self.eval, Self.deleteOnce, Self.twoKeys, Self.key(id), Self.deletionMark(id),
            WriterIDs.text(writerIDs.next()), deletionMarkTTL,
        ])
        write(command, session: id) { written in completion(written.map { $0.reply == .integer(1) }) }
    }

    /// `remove`, waiting on this thread: for tests and tools, never for a route.
    package func remove(_ id: String) throws(SessionError) -> Bool {
        try Self.waiting { remove(id, then: $0) }
    }

    /// `KEYS[1]` the session, `KEYS[2]` its deletion mark, `ARGV[1]` the deleting `DELETE`'s id, `ARGV[2]` the
    /// mark's TTL in ms. Marks the session deleted by that id and deletes it; 1 when that `DELETE` deleted it,
    /// now or at an earlier send, 0 when it was not there for it (never, expired, deleted by another).
    ///
    /// A `DEL` sent again after its reply was lost finds nothing either way, so the mark tells. It outlives any
    /// send of the same `DELETE` whose answer is still read (`deletionMarkTTL`), and is counted by `DBSIZE` (the
    /// sessions `/metrics` reports) meanwhile. The mark is set before the `DEL`, so that a `SET` Redis refuses
    /// (out of memory) fails the script before it deleted anything. `EVAL` rather than `EVALSHA`: a `DELETE` is
    /// rare, and its script text saves the load and the `NOSCRIPT` handling.
    static let deleteOnce = Array(
        """
        if redis.call('EXISTS', KEYS[1]) == 1 then \
        redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2]) \
        redis.call('DEL', KEYS[1]) \
        return 1 \
        end \
        if redis.call('GET', KEYS[2]) == ARGV[1] then return 1 end \
        return 0
        """.utf8)
    /// Where a deleted session's mark is kept (`deleteOnce`), beside the session keys.
    static let deletionPrefix = "inset:deleted:"

    /// The key of session `id`'s deletion mark.
    static func deletionMark(_ id: String) -> [UInt8] { Array((deletionPrefix + id).utf8) }
}
