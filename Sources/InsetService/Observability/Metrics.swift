import InsetStores
import Locking

/// Prometheus counters and the latency histogram, shared by every worker thread.
///
/// A request is counted by numbers: its route's (registered once, `route(_:)`), its method's and its status. The
/// labels become text only in `render`, so counting compares integers and retains no string.
final class Metrics: Sendable {
    /// A request's route, method and status, packed: the route's number and the method's in `routeAndMethod`.
    private struct RequestKey: Hashable {
        var routeAndMethod: Int
        var status: Int
    }

    private struct State {
        /// The first few keys a shard sees, counted by a linear search: a server answers a handful of
        /// (route, method, status) combinations nearly all the time, and comparing two integers costs a fraction
        /// of hashing a key. Every other key goes to `requests`.
        var recent: [(key: RequestKey, count: Int)] = []
        var requests: [RequestKey: Int] = [:]

        mutating func count(_ key: RequestKey) {
            for index in recent.indices where recent[index].key == key {
                recent[index].count &+= 1
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

    /// The methods counted under their own name, by number; any other is `other`, so a client cannot grow the
    /// table.
    private static let methods = ["GET", "PUT", "POST", "HEAD", "PATCH", "DELETE", "OPTIONS", "other"]

    /// `method`'s number in `methods`; by length first, since two short strings that differ take the standard
    /// library's slower comparison.
    private static func methodNumber(_ method: String) -> Int {
        switch method.utf8.count {
        case 3: method == "GET" ? 0 : method == "PUT" ? 1 : 7
        case 4: method == "POST" ? 2 : method == "HEAD" ? 3 : 7
        case 5: method == "PATCH" ? 4 : 7
        case 6: method == "DELETE" ? 5 : 7
        case 7: method == "OPTIONS" ? 6 : 7
        default: 7
        }
    }

    /// Each worker thread counts into its own shard (by thread identity), so two threads answering at once do
    /// not wait on one lock or pass its cache line back and forth; `render` adds the shards up.
    /// How many keys a shard counts in `recent` before it hashes.
    private static let recentLimit = 8

    private let shards: [Locked<State>] = (0..<Metrics.shardCount).map { _ in Locked(State()) }
    private static let shardCount = 8

    /// The route labels by number, and the number of each: a route is registered once, the operations' at
    /// startup. A request carries its route's number; `route(_:)` takes the lock, so the request path does not
    /// call it (`InsetApplication.routeNumbers`).
    private let routes = Locked<(labels: [String], numbers: [String: Int])>(([], [:]))

    /// The number `route` (a matched pattern, never a raw path, so that labels stay bounded) is counted under.
    func route(_ label: String) -> Int {
        routes.withLock { routes in
            if let number = routes.numbers[label] { return number }
            routes.labels.append(label)
            routes.numbers[label] = routes.labels.count - 1
            return routes.labels.count - 1
        }
    }

    /// Counts one request on the route numbered `route` (`route(_:)`).
    func record(method: String, route: Int, status: Int, seconds: Double) {
        let key = RequestKey(routeAndMethod: route &<< 3 | Self.methodNumber(method), status: status)
        shards[currentThreadShard(count: Self.shardCount)].withLock { state in
            state.count(key)
            if let bucket = Self.bucketBounds.firstIndex(where: { seconds <= $0 }) {
                state.bucketCounts[bucket] &+= 1
            }
            state.durationSum += seconds
            state.durationCount &+= 1
        }
    }

    /// A key's route and method labels.
    private func labels(of key: RequestKey, routes: [String]) -> (route: String, method: String) {
        (routes[key.routeAndMethod >> 3], Self.methods[key.routeAndMethod & 7])
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
        let routeLabels = routes.withLock { $0.labels }
        let counted = snapshot.requests.map {
            (labels: labels(of: $0.key, routes: routeLabels), key: $0.key, count: $0.value)
        }
        let ordered = counted.sorted {
            ($0.labels.route, $0.labels.method, $0.key.status) < ($1.labels.route, $1.labels.method, $1.key.status)
        }
        for entry in ordered {
            text +=
                "inset_http_requests_total{method=\"\(entry.labels.method)\",route=\"\(entry.labels.route)\",status=\"\(entry.key.status)\"} \(entry.count)\n"
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
