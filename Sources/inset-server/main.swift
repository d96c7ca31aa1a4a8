import InsetService

#if canImport(Glibc)
    import Glibc
#endif

// Reads the configuration, starts the server, and waits for SIGTERM or SIGINT to drain and exit 0.

var arguments = Array(CommandLine.arguments.dropFirst())
let isHealthCheck = arguments.first == "healthcheck"
if isHealthCheck { arguments.removeFirst() }

let options: Options
switch Options.parse(arguments, environment: { getenv($0).map { String(cString: $0) } }) {
case .success(let parsed):
    options = parsed
case .failure(let error):
    switch error {
    case .help, .version:
        writeLine(error.message, to: 1)
        exit(0)
    default:
        writeLine(error.message, to: 2)
        exit(2)
    }
}

if isHealthCheck { exit(HealthProbe.run(host: options.http.host, port: options.http.port)) }

// Blocked before any thread starts, so every libmicrohttpd thread inherits the mask and only sigwait sees them.
var signals = sigset_t()
sigemptyset(&signals)
sigaddset(&signals, SIGTERM)
sigaddset(&signals, SIGINT)
pthread_sigmask(SIG_BLOCK, &signals, nil)
signal(SIGPIPE, SIG_IGN)

let server = InsetServer(http: options.http, service: options.service)
// Credentials Redis refuses stay refused, unlike a Redis that is not up yet: fail now, not with 503s forever.
if let refusal = server.application.sessionStoreRefusal() {
    writeLine("inset-server: \(refusal)", to: 2)
    exit(3)
}
let port: Int
do {
    port = try server.start()
} catch {
    writeLine("inset-server: \(error)", to: 2)
    exit(1)
}
let shownHost = options.http.host.contains(":") ? "[\(options.http.host)]" : options.http.host
writeLine("listening on http://\(shownHost):\(port)", to: 1)

var received: Int32 = 0
sigwait(&signals, &received)
writeLine("inset-server: signal \(received), draining for up to \(options.shutdownTimeout) s", to: 2)
let clean = server.shutdown(timeout: options.shutdownTimeout)
writeLine("inset-server: stopped\(clean ? "" : " (requests were still in flight at the timeout)")", to: 2)
exit(0)

/// Unbuffered, so the first line reaches a pipe at once and never interleaves with the access log.
func writeLine(_ text: String, to fd: Int32) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
