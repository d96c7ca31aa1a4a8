import HTTPServer
import InsetService
import InsetStores

#if canImport(Glibc)
    import Glibc
#endif

/// The command line and its environment fallbacks: flag, then environment variable, then default.
struct Options: Sendable {
    var http = HTTPServerConfiguration(host: "127.0.0.1", port: 8080)
    var service = ServiceConfiguration()
    var shutdownTimeout = 10.0

    struct Flag: Sendable {
        let name: String
        let environment: String
        let help: String
        /// What is wrong with a value, said in words (never showing the value), when more than "invalid" is known.
        let problem: @Sendable (String) -> String?
        let apply: @Sendable (inout Options, String) -> Bool

        init(
            name: String, environment: String, help: String,
            problem: @escaping @Sendable (String) -> String? = { _ in nil },
            apply: @escaping @Sendable (inout Options, String) -> Bool
        ) {
            self.name = name
            self.environment = environment
            self.help = help
            self.problem = problem
            self.apply = apply
        }
    }

    /// The environment variable read besides the flags' own, and what it is for.
    static let platformPort = (
        name: "PORT", help: "port to bind when neither --port nor INSET_PORT is given (as platforms that assign it set)"
    )

    static let flags: [Flag] = [
        Flag(
            name: "--host", environment: "INSET_HOST",
            help: "address to bind (default 127.0.0.1; 0.0.0.0 in the container)"
        ) {
            $0.http.host = $1
            return !$1.isEmpty
        },
        .integer("--port", "INSET_PORT", "port to bind; 0 picks a free one (default 8080)", 0...65535, \.http.port),
        .integer(
            "--threads", "INSET_THREADS",
            "worker threads (default: the number of cores; with Redis \(redisThreadsPerCore) per core)", 1...256,
            \.http.threads),
        .integer(
            "--max-sessions", "INSET_MAX_SESSIONS", "sessions kept; least recently used evicted first (default 100000)",
            1...100_000_000, \.service.maxSessions),
        .integer(
            "--max-session-bytes", "INSET_MAX_SESSION_BYTES",
            "bytes the sessions in memory may hold; least recently used evicted first (default 536870912, 512 MiB)",
            1 << 16...(1 << 40), \.service.maxSessionBytes),
        .seconds(
            "--session-ttl", "INSET_SESSION_TTL", "idle seconds before a session is dropped (default 1800)",
            1...31_536_000, \.service.sessionTTL),
        .integer(
            "--max-body-bytes", "INSET_MAX_BODY_BYTES", "largest request body; larger gets 413 (default 65536)",
            64...(64 << 20), \.service.maxBodyBytes),
        Flag(
            name: "--cors-origin", environment: "INSET_CORS_ORIGIN",
            help: "Access-Control-Allow-Origin value; 'off' disables CORS (default *)"
        ) {
            $0.service.corsOrigin = $1 == "off" ? nil : $1
            return !$1.isEmpty
        },
        Flag(
            name: "--api-token", environment: "INSET_API_TOKEN",
            help:
                "require Authorization: Bearer TOKEN on every route but /healthz, /readyz and the playground files; "
                + "an empty TOKEN, or one with whitespace around it, is an error",
            problem: apiTokenProblem
        ) {
            // Empty is refused, never taken for "no token": a template that expands to nothing would otherwise
            // start a server with every route open and no word of it.
            guard !$1.isEmpty else { return false }
            $0.service.apiToken = $1
            return true
        },
        .seconds(
            "--shutdown-timeout", "INSET_SHUTDOWN_TIMEOUT",
            "seconds to drain on SIGTERM/SIGINT before exit (default 10)", 0...3600,
            \.shutdownTimeout),
        .integer(
            "--connection-timeout", "INSET_CONNECTION_TIMEOUT",
            "seconds an idle or slow connection is kept (default 15)",
            1...86_400, \.http.connectionTimeout),
        .seconds(
            "--header-timeout", "INSET_HEADER_TIMEOUT",
            "seconds a request head may take from its first byte, however it trickles; 0 turns it off (default 10)",
            0...86_400, \.http.headerTimeout),
        .seconds(
            "--body-timeout", "INSET_BODY_TIMEOUT",
            "seconds a request body may take from its head, however it trickles; 0 turns it off (default 10)",
            0...86_400, \.http.bodyTimeout),
        .integer(
            "--min-body-rate", "INSET_MIN_BODY_RATE",
            "bytes a second a body must average once it has taken a second; 0 turns it off (default 256)",
            0...1_000_000_000, \.http.minBodyRate),
        .integer(
            "--connection-limit", "INSET_CONNECTION_LIMIT",
            "connections open at once; past it a new one closes the one waiting longest for its client (default 1000)",
            1...1_000_000, \.http.connectionLimit),
        Flag(
            name: "--session-store", environment: "INSET_SESSION_STORE",
            help:
                "memory (default), redis://[[USER]:PASSWORD@]HOST:PORT[/DB] or redis+unix://[[USER]:PASSWORD@]/PATH[?db=DB], "
                + "shared by replicas; --max-sessions is then advisory"
        ) {
            guard let location = SessionStoreLocation(parsing: $1) else { return false }
            $0.service.sessionStore = location
            // Replicas carry a session's clock forward by server time, which they must then share.
            $0.service.clock = location == .memory ? .system : .realTime
            return true
        },
        Flag(
            name: "--access-log", environment: "INSET_ACCESS_LOG",
            help: "one JSON line per request on stdout: on or off (default on)"
        ) {
            guard $1 == "on" || $1 == "off" else { return false }
            $0.service.accessLog = $1 == "on"
            return true
        },
    ]

    /// Worker threads per core when the sessions are in Redis and `--threads` is not given. No route holds a worker
    /// during its Redis round trip; 2 a core gave the lowest time per event in the sweep of bench/history.md
    /// ("Issue 17: Redis without waiting").
    static let redisThreadsPerCore = 2

    /// What makes `token` one no client can present as it is, or nil. Whitespace around it is not part of a header
    /// value (RFC 9110 §5.5), so a token that ends in a newline (a secret made from a file) would answer 401 to every
    /// request, and one of only whitespace would be presented by `Bearer` and spaces; a control character cannot be
    /// sent in a header at all. Empty is the flag's own error.
    static func apiTokenProblem(_ token: String) -> String? {
        let bytes = Array(token.utf8)
        guard let first = bytes.first, let last = bytes.last else { return nil }
        // Space, tab, line feed, vertical tab, form feed, carriage return.
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        if bytes.allSatisfy(isWhitespace) { return "is only whitespace" }
        if isWhitespace(first) { return "begins with whitespace, which no header value keeps; remove it" }
        if isWhitespace(last) { return "ends with whitespace, which no header value keeps (a newline?); remove it" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            return "contains a control character, which a request cannot send"
        }
        return nil
    }

    static var usage: String {
        var text = """
            usage: inset-server [flags]
                   inset-server healthcheck [--host H] [--port P]   exit 0 when GET /healthz answers 200

            The keyboard-inset service: what a UIKit scroll view must do when the keyboard shows or hides.

            flags (each also read from the environment variable shown):

            """
        for flag in flags {
            text += "  \(flag.name.padding(20)) \(flag.environment.padding(26)) \(flag.help)\n"
        }
        text += "  \("".padding(20)) \(platformPort.name.padding(26)) \(platformPort.help)\n"
        text += "  \("--help".padding(20)) \("".padding(26)) print this and exit\n"
        text += "  \("--version".padding(20)) \("".padding(26)) print the version and exit\n"
        return text
    }

    /// Parses `arguments` (without the program name) over the environment; nil and a message on error.
    static func parse(_ arguments: [String], environment: (String) -> String?) -> Result<Options, OptionsError> {
        var options = Options()
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        options.http.threads = cores
        var threadsGiven = !(environment("INSET_THREADS") ?? "").isEmpty
        if let port = environment(platformPort.name), !port.isEmpty, let flag = flagNamed("--port"),
            let error = apply(flag, port, named: platformPort.name, to: &options)
        {
            return .failure(error)
        }
        for flag in flags {
            if let value = environment(flag.environment),
                let error = apply(flag, value, named: flag.environment, to: &options)
            {
                return .failure(error)
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .failure(.help) }
            if argument == "--version" { return .failure(.version) }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let flag = flags.first(where: { $0.name == name }) else { return .failure(.unknown(argument)) }
            if value == nil {
                guard index < arguments.count else { return .failure(.missingValue(name)) }
                value = arguments[index]
                index += 1
            }
            guard let value else { return .failure(.missingValue(name)) }
            if let error = apply(flag, value, named: name, to: &options) { return .failure(error) }
            threadsGiven = threadsGiven || name == "--threads"
        }
        if case .redis = options.service.sessionStore, !threadsGiven {
            options.http.threads = min(256, cores * redisThreadsPerCore)
        }
        return .success(options)
    }

    private static func flagNamed(_ name: String) -> Flag? { flags.first { $0.name == name } }

    /// Applies `value`, read as `name` (the flag or the variable), to `options`; the error when it cannot.
    private static func apply(_ flag: Flag, _ value: String, named name: String, to options: inout Options)
        -> OptionsError?
    {
        if let problem = flag.problem(value) { return .refused(name, problem) }
        return flag.apply(&options, value) ? nil : .invalid(name, value)
    }
}

extension Options.Flag {
    /// A whole number within `range`.
    static func integer(
        _ name: String, _ environment: String, _ help: String, _ range: ClosedRange<Int>,
        _ field: WritableKeyPath<Options, Int> & Sendable
    ) -> Self {
        Self(name: name, environment: environment, help: help) {
            guard let value = Int($1), range.contains(value) else { return false }
            $0[keyPath: field] = value
            return true
        }
    }

    /// A finite number of seconds within `range`.
    static func seconds(
        _ name: String, _ environment: String, _ help: String, _ range: ClosedRange<Double>,
        _ field: WritableKeyPath<Options, Double> & Sendable
    ) -> Self {
        Self(name: name, environment: environment, help: help) {
            guard let value = Double($1), value.isFinite, range.contains(value) else { return false }
            $0[keyPath: field] = value
            return true
        }
    }
}

/// Why the command line was not run.
enum OptionsError: Error {
    case help, version
    case unknown(String)
    case missingValue(String)
    case invalid(String, String)
    /// A value refused for the reason given, which names the problem and never shows the value.
    case refused(String, String)

    var message: String {
        switch self {
        case .help: return Options.usage
        case .version: return "\(ServiceVersion.name) \(ServiceVersion.version)"
        case .unknown(let flag):
            return "inset-server: unknown flag \(Self.redacted(flag))\n\nrun inset-server --help for the flags"
        case .missingValue(let flag): return "inset-server: \(flag) needs a value"
        case .invalid(let name, let value):
            if value.isEmpty { return "inset-server: \(name) is empty; give it a value or leave it out" }
            return "inset-server: invalid value '\(Self.redacted(value))' for \(name)"
        case .refused(let name, let problem): return "inset-server: \(name) \(problem)"
        }
    }

    /// `text` with a URL's user and password shown as `***`, so that no password reaches a terminal or a log.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.firstRange(of: "://"), let at = text.lastIndex(of: "@"), at > scheme.upperBound
        else { return text }
        return text[..<scheme.upperBound] + "***" + text[at...]
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
