import InsetStores
import Locking

/// Prometheus counters and the latency histogram, shared by every worker thread.
final class Metrics: Sendable {
    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int

        /// Hashing both strings would be most of what counting a request costs. The lengths and the status tell
        /// nearly every key apart, and the few that collide (`/keyboard/show`, `/keyboard/hide`) are told apart
        /// by equality, which still compares the strings. Labels are bounded, so collisions stay few.
        func hash(into hasher: inout Hasher) {
            hasher.combine(status)
            hasher.combine(route.utf8.count)
            hasher.combine(method.utf8.count)
        }
    }

    private struct State {
        /// The first few keys a shard sees, counted by a linear search: a server answers a handful of
        /// (method, route, status) combinations nearly all the time, and comparing a status and two strings that
        /// share their storage costs a fraction of hashing a key. Every other key goes to `requests`.
        var recent: [(key: RequestKey, count: Int)] = []
        var requests: [RequestKey: Int] = [:]

        mutating func count(_ key: RequestKey) {
            for index in recent.indices
            where recent[index].key.status == key.status && recent[index].key.route == key.route
                && recent[index].key.method == key.method
            {
                recent[index].count += 1
                return
            }
            if recent.count < Metrics.recentLimit {
                recent.append((key, 1))
            } else {
                requests[key, default: 0] += 1
            }
        }
        var bucketCounts = [Int](repeating: 0, count: Metrics.bucketBounds.count)
        var durationSum = 0.0
        var durationCount = 0
    }

    /// Upper bounds of the latency buckets, in seconds: fine-grained at the low end, where this service's
    /// answers fall.
    static let bucketBounds: [Double] = [
        0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
    ]

    /// The methods counted under their own name; by length first, since two short strings that differ take the
    /// standard library's slower comparison.
    private static func isKnown(_ method: String) -> Bool {
        switch method.utf8.count {
        case 3: method == "GET" || method == "PUT"
        case 4: method == "POST" || method == "HEAD"
        case 5: method == "PATCH"
        case 6: method == "DELETE"
        case 7: method == "OPTIONS"
        default: false
        }
    }

    /// Each worker thread counts into its own shard (by thread identity), so two threads answering at once do
    /// not wait on one lock or pass its cache line back and forth; `render` adds the shards up.
    /// How many keys a shard counts in `recent` before it hashes.
    private static let recentLimit = 8

    private let shards: [Locked<State>] = (0..<Metrics.shardCount).map { _ in Locked(State()) }
    private static let shardCount = 8

    /// Counts one request; `route` is the matched pattern, never the raw path, so labels stay bounded.
    func record(method: String, route: String, status: Int, seconds: Double) {
        // Unknown methods fold into one label so a client cannot grow the table.
        let label = Self.isKnown(method) ? method : "other"
        shards[currentThreadShard(count: Self.shardCount)].withLock { state in
            state.count(RequestKey(method: label, route: route, status: status))
            if let bucket = Self.bucketBounds.firstIndex(where: { seconds <= $0 }) {
                state.bucketCounts[bucket] += 1
            }
            state.durationSum += seconds
            state.durationCount += 1
        }
    }

    /// The Prometheus text exposition (format 0.0.4).
    func render(sessions: SessionStatistics, draining: Bool, transport: TransportCounters = TransportCounters())
        -> String
    {
        var snapshot = State()
        for shard in shards {
            let part = shard.withLock { $0 }
            snapshot.requests.merge(part.requests, uniquingKeysWith: +)
            for entry in part.recent { snapshot.requests[entry.key, default: 0] += entry.count }
            for bucket in snapshot.bucketCounts.indices { snapshot.bucketCounts[bucket] += part.bucketCounts[bucket] }
            snapshot.durationSum += part.durationSum
            snapshot.durationCount += part.durationCount
        }
        var text = "# HELP inset_http_requests_total HTTP requests answered, by method, route and status.\n"
        text += "# TYPE inset_http_requests_total counter\n"
        let keys = snapshot.requests.keys.sorted {
            ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status)
        }
        for key in keys {
            text +=
                "inset_http_requests_total{method=\"\(key.method)\",route=\"\(key.route)\",status=\"\(key.status)\"} \(snapshot.requests[key] ?? 0)\n"
        }
        text += "# HELP inset_http_request_duration_seconds Time spent answering a request, in the handler.\n"
        text += "# TYPE inset_http_request_duration_seconds histogram\n"
        var cumulative = 0
        for (bound, count) in zip(Self.bucketBounds, snapshot.bucketCounts) {
            cumulative += count
            text += "inset_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "inset_http_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.durationCount)\n"
        text += "inset_http_request_duration_seconds_sum \(snapshot.durationSum)\n"
        text += "inset_http_request_duration_seconds_count \(snapshot.durationCount)\n"
        text += "# HELP inset_sessions_live Sessions held: in memory, or the keys of the Redis database.\n"
        text += "# TYPE inset_sessions_live gauge\n"
        text += "inset_sessions_live \(sessions.live)\n"
        text += "# HELP inset_sessions_created_total Sessions created.\n# TYPE inset_sessions_created_total counter\n"
        text += "inset_sessions_created_total \(sessions.created)\n"
        text += "# HELP inset_sessions_evicted_total Sessions dropped, by reason: lru (over --max-sessions) or ttl.\n"
        text += "# TYPE inset_sessions_evicted_total counter\n"
        text += "inset_sessions_evicted_total{reason=\"lru\"} \(sessions.evicted)\n"
        text += "inset_sessions_evicted_total{reason=\"ttl\"} \(sessions.expired)\n"
        if let bytes = sessions.bytes {
            text +=
                "# HELP inset_session_bytes Bytes the sessions in memory hold, as --max-session-bytes counts them.\n"
            text += "# TYPE inset_session_bytes gauge\ninset_session_bytes \(bytes)\n"
        }
        if let redis = sessions.redis {
            text += "# HELP inset_redis_commands_total Commands sent to Redis.\n"
            text += "# TYPE inset_redis_commands_total counter\n"
            text += "inset_redis_commands_total \(redis.commands)\n"
            text += "# HELP inset_redis_batches_total Writes to Redis, each carrying the commands of the workers that "
            text += "needed Redis at that moment.\n# TYPE inset_redis_batches_total counter\n"
            text += "inset_redis_batches_total \(redis.batches)\n"
        }
        text += "# HELP inset_draining 1 while the server drains before exit.\n# TYPE inset_draining gauge\n"
        text += "inset_draining \(draining ? 1 : 0)\n"
        text += "# HELP inset_access_log_dropped_total Access-log lines dropped because standard output fell behind.\n"
        text += "# TYPE inset_access_log_dropped_total counter\n"
        text += "inset_access_log_dropped_total \(transport.accessLogDropped)\n"
        text += "# HELP inset_http_header_timeouts_total Connections closed for not completing a request head "
        text += "within --header-timeout.\n# TYPE inset_http_header_timeouts_total counter\n"
        text += "inset_http_header_timeouts_total \(transport.headTimeouts)\n"
        text += "# HELP inset_http_body_timeouts_total Connections closed for a request body slower than "
        text += "--body-timeout or --min-body-rate.\n# TYPE inset_http_body_timeouts_total counter\n"
        text += "inset_http_body_timeouts_total \(transport.bodyTimeouts)\n"
        text += "# HELP inset_http_connections_evicted_total Connections waiting for their client closed to make room "
        text += "for a new one at --connection-limit.\n# TYPE inset_http_connections_evicted_total counter\n"
        text += "inset_http_connections_evicted_total \(transport.connectionsEvicted)\n"
        text += "# HELP inset_answers_pending Answers that connections wait for (a reply from Redis), or that are "
        text += "queued and not yet sent.\n# TYPE inset_answers_pending gauge\n"
        text += "inset_answers_pending \(transport.answersPending)\n"
        return text
    }
}

/// Counters kept outside the request metrics: by the access log and by the transport.
struct TransportCounters {
    /// Access-log lines dropped with the queue full.
    var accessLogDropped = 0
    /// Connections closed at the head deadline.
    var headTimeouts = 0
    /// Connections closed for a slow body.
    var bodyTimeouts = 0
    /// Connections closed to make room at the connection limit.
    var connectionsEvicted = 0
    /// Answers waiting or queued: a gauge.
    var answersPending = 0
}
