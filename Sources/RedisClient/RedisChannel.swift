/// What a `RedisPipeline.withConnection` body sends its commands through, one at a time, each in the next batch on
/// the pipeline's shared connection, waiting for each reply. Remembers whether one failed on a reused connection,
/// which is when the pipeline may run an idempotent body again.
package final class RedisChannel {
    private let pipeline: RedisPipeline
    /// Whether a command of this body failed because a connection that had served before broke.
    private(set) var brokeOnReusedConnection = false

    /// A channel into `pipeline`.
    init(pipeline: RedisPipeline) { self.pipeline = pipeline }

    /// Runs one command given as its arguments (binary-safe) and returns the reply; an error reply throws
    /// `.server`.
    package func command(_ arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        let outcome = pipeline.send(RedisCommand(arguments))
        if case .failure(.unavailable) = outcome.result, outcome.reused { brokeOnReusedConnection = true }
        return try outcome.result.get()
    }

    /// Runs one command given as strings.
    package func command(_ arguments: [String]) throws(RedisError) -> RedisReply {
        try command(arguments.map { Array($0.utf8) })
    }
}
