/// What one command came to: Redis's reply or why there is none, whether it went out on a connection opened
/// before its batch (which may have died unnoticed with a Redis that restarted), and whether it may have reached
/// Redis at all.
package struct RedisOutcome: Sendable {
    /// The reply, or the failure.
    package var result: Result<RedisReply, RedisError>
    /// Whether the connection had served earlier batches.
    package var reused: Bool
    /// Whether the command was written to a connection, so that Redis may have run it (or run it yet) though its
    /// reply failed; false when it never left this process (no connection, the backoff after a failed connect).
    package var sent: Bool

    /// An outcome.
    package init(_ result: Result<RedisReply, RedisError>, reused: Bool, sent: Bool = true) {
        self.result = result
        self.reused = reused
        self.sent = sent
    }
}
