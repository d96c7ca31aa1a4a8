import Foundation
import Testing

@testable import RedisClient

/// The pipeline's reconnect policy, against a port where nothing listens.
@Suite("Redis pipeline")
struct RedisPipelineTests {
    @Test func backoffDoublesFrom25MillisecondsToOneSecond() {
        #expect((1...8).map { RedisPipeline.backoff(failures: $0) } == [25, 50, 100, 200, 400, 800, 1000, 1000])
        #expect(RedisPipeline.backoff(failures: 1_000) == 1000)
    }

    @Test func aRefusedConnectFailsAtOnceUntilTheBackoffHasPassed() throws {
        let pipeline = RedisPipeline(endpoint: RedisEndpoint(host: "127.0.0.1", port: 1))
        let ping = { () throws(RedisError) -> RedisReply in
            try pipeline.withConnection { connection throws(RedisError) in try connection.command(["PING"]) }
        }
        #expect {
            try ping()
        } throws: { error in
            (error as? RedisError).map { $0.reason.hasPrefix("cannot connect to Redis") } ?? false
        }
        #expect {
            try ping()
        } throws: { error in
            (error as? RedisError).map { $0.reason.hasPrefix("reconnecting to Redis in") } ?? false
        }
        Thread.sleep(forTimeInterval: 0.06)
        #expect {
            try ping()
        } throws: { error in
            (error as? RedisError).map { $0.reason.hasPrefix("cannot connect to Redis") } ?? false
        }
    }
}
