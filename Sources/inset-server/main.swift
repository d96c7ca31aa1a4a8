import InsetService

#if canImport(Glibc)
    import Glibc
#endif

// Reads the configuration, starts the server, and waits for SIGTERM, SIGINT or SIGHUP to drain and exit 0.

// First of all: whatever the process opens later must not take the number of a closed standard descriptor.
let nulled = StandardDescriptors.claim()

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
// SIGTERM, SIGINT and SIGHUP (a supervisor's stop, Ctrl-C, a closed terminal) drain; SIGUSR1 and SIGUSR2, which
// supervisors send to ask for a reload or a log reopen, are noted and ignored: nothing here reloads, and their
// default action would kill the process without draining.
let draining: [Int32] = [SIGTERM, SIGINT, SIGHUP]
let ignored: [Int32] = [SIGUSR1, SIGUSR2]
var signals = sigset_t()
sigemptyset(&signals)
for number in draining + ignored { sigaddset(&signals, number) }
pthread_sigmask(SIG_BLOCK, &signals, nil)
signal(SIGPIPE, SIG_IGN)
if !nulled.isEmpty {
    writeLine(
        "inset-server: descriptor(s) \(nulled.map(String.init).joined(separator: ", ")) were closed; opened on /dev/null",
        to: 2)
}

let server = InsetServer(http: options.http, service: options.service, files: .playground)
// Credentials or a database Redis refuses stay refused, and a peer that does not answer as Redis does (a reply
// trickled past the command timeout, one over the reply cap) will not start to, unlike a Redis that is not up yet:
// fail now, not with 503s (or a wait) forever.
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

// From here on stderr is written without waiting for its reader: a stderr nobody reads must not hold the signal
// loop in write(2), or no SIGTERM would ever be taken.
let notes = StandardErrorNotes()
var received: Int32 = 0
while sigwait(&signals, &received) != 0 || ignored.contains(received) {
    if ignored.contains(received) { notes.write("inset-server: signal \(received) ignored") }
}
notes.write("inset-server: signal \(received), draining for up to \(options.shutdownTimeout) s")
let clean = server.shutdown(timeout: options.shutdownTimeout)
notes.write("inset-server: stopped\(clean ? "" : " (requests were still in flight at the timeout)")")
notes.flush(within: StandardErrorNotes.exitFlushSeconds)
exit(0)

/// Unbuffered, so the first line reaches a pipe at once and never interleaves with the access log.
func writeLine(_ text: String, to fd: Int32) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
