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
        /// Why a PING failed (nil when it did not).
        func reason(_ pipeline: RedisPipeline) -> String? {
            do {
                _ = try pipeline.withConnection { connection throws(RedisError) in try connection.command(["PING"]) }
                return nil
            } catch { return error.reason }
        }
        // A second PING within the first's 25-ms backoff fails at once; whether it comes within it is up to the
        // scheduler, so pairs are tried on fresh pipelines until one pair took less than the backoff (on a loaded
        // machine some are stalled past it), and the rule is judged on that pair.
        var judged: RedisPipeline?
        for _ in 0..<100 where judged == nil {
            let pipeline = RedisPipeline(endpoint: RedisEndpoint(host: "127.0.0.1", port: 1))
            let started = RedisClock.now()
            let first = reason(pipeline)
            let second = reason(pipeline)
            guard RedisClock.now() - started < RedisPipeline.backoff(failures: 1) else { continue }
            #expect(first?.hasPrefix("cannot connect to Redis") == true, "\(first ?? "no error")")
            #expect(second?.hasPrefix("reconnecting to Redis in") == true, "\(second ?? "no error")")
            judged = pipeline
        }
        let pipeline = try #require(judged, "no pair of PINGs came within 25 ms in 100 tries")
        // After the backoff (the sleep is at least that, however loaded the machine), a connect is tried again.
        Thread.sleep(forTimeInterval: 0.06)
        let third = reason(pipeline)
        #expect(third?.hasPrefix("cannot connect to Redis") == true, "\(third ?? "no error")")
    }
}
