import Foundation
import HTTPTestSupport
import Testing

@testable import InsetService

/// The built `inset-server` next to the test bundle.
func serverBinary() throws -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [directory, directory.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("inset-server")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw RawHTTPError(description: "inset-server not found beside \(directory.path); run swift build first")
}

/// Runs the binary and returns it with the first line it printed.
func launch(_ arguments: [String]) throws -> (Process, String, Pipe) {
    let process = Process()
    process.executableURL = try serverBinary()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
    return (process, String(decoding: line, as: UTF8.self), output)
}

func waitForExit(_ process: Process, seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    return process.isRunning ? nil : process.terminationStatus
}

/// Reads what `pipe` has into `text` until `done(text)` holds, the pipe ends or the ceiling passes.
func read(_ pipe: Pipe, into text: inout String, until done: (String) -> Bool) {
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    let deadline = Date().addingTimeInterval(ceilingSeconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !done(text), Date() < deadline {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 100) > 0 else { continue }
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return }
        text += String(decoding: buffer[0..<count], as: UTF8.self)
    }
}

@Suite("The inset-server executable")
struct ExecutableTests {
    @Test func printsWhereItListensServesAndExitsZeroOnSIGTERM() throws {
        let (process, line, _) = try launch(["--port", "0", "--access-log", "off"])
        defer { if process.isRunning { process.terminate() } }
        let prefix = "listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix))
        let port = try #require(Int(line.dropFirst(prefix.count)))
        #expect(try RawHTTPClient(port: port).request("GET", "/healthz").status == 200)
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process, seconds: ceilingSeconds) == 0)
    }

    @Test func exitsZeroOnSIGINTWithAnIdleKeepAliveConnection() throws {
        let (process, line, _) = try launch(["--port", "0", "--access-log", "off", "--shutdown-timeout", "3"])
        defer { if process.isRunning { process.terminate() } }
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        let client = try RawHTTPClient(port: port)
        #expect(try client.request("GET", "/healthz").status == 200)
        kill(process.processIdentifier, SIGINT)
        #expect(waitForExit(process, seconds: ceilingSeconds) == 0)
    }

    /// SIGHUP (a closed terminal, a supervisor's stop) drains and exits 0 as SIGTERM does; SIGUSR1 and SIGUSR2, whose
    /// default is to kill, are noted on stderr and ignored: the server answers on, then drains on SIGHUP. Each note
    /// is waited for on stderr, so the signal loop has taken the signal before anything is asked of the server.
    @Test func sighupDrainsAndSIGUSR1AndSIGUSR2AreIgnored() throws {
        let process = Process()
        process.executableURL = try serverBinary()
        process.arguments = ["--port", "0", "--access-log", "off", "--shutdown-timeout", "3"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        let port = try #require(Int(String(decoding: line, as: UTF8.self).split(separator: ":").last ?? ""))
        var noted = ""
        for signal in [SIGUSR1, SIGUSR2, SIGUSR1] {
            kill(process.processIdentifier, signal)
            let note = "inset-server: signal \(signal) ignored"
            let before = noted.components(separatedBy: note).count
            read(errors, into: &noted, until: { $0.components(separatedBy: note).count > before })
            #expect(noted.components(separatedBy: note).count > before, "no note of signal \(signal): \(noted)")
            #expect(try RawHTTPClient(port: port).request("GET", "/healthz").status == 200)
        }
        kill(process.processIdentifier, SIGHUP)
        read(errors, into: &noted, until: { $0.contains("stopped") })
        #expect(noted.contains("inset-server: signal \(SIGHUP), draining for up to 3.0 s"), "\(noted)")
        #expect(waitForExit(process, seconds: ceilingSeconds) == 0)
    }

    @Test func theHealthcheckSubcommandProbesTheServer() throws {
        let (process, line, _) = try launch(["--port", "0", "--access-log", "off"])
        defer { process.terminate() }
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        let probe = Process()
        probe.executableURL = try serverBinary()
        probe.arguments = ["healthcheck", "--port", String(port)]
        try probe.run()
        probe.waitUntilExit()
        #expect(probe.terminationStatus == 0)

        let closed = Process()
        closed.executableURL = try serverBinary()
        closed.arguments = ["healthcheck", "--port", "1"]
        try closed.run()
        closed.waitUntilExit()
        #expect(closed.terminationStatus == 1)
    }

    @Test func startsWithARedisStoreItCannotReachYet() throws {
        // Redis may come up after the replica: it starts, and /readyz says 503 until then.
        let (process, line, _) = try launch(["--port", "0", "--session-store", "redis://127.0.0.1:1/3"])
        defer { process.terminate() }
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
    }

    /// With the sessions in Redis and no `--threads`, more workers than cores (as many a core as `--help` says),
    /// since the routes that are not events still wait on Redis round trips; a `--threads` given still decides.
    /// The workers are counted by name: each of libmicrohttpd's pool threads names itself `MHD-worker` once it
    /// runs, so the count is waited for until it is the expected one, up to the ceiling. (All threads were counted
    /// before, the fewest over 1.5 s, to leave out the Redis store's own thread, which ends a second after its last
    /// command; a machine slow to end it made `--threads` look one short of deciding.)
    @Test func aRedisStoreGetsMoreWorkerThreadsByDefault() throws {
        func workers(_ arguments: [String], expected: Int) throws -> Int {
            let (process, line, _) = try launch(["--port", "0", "--access-log", "off"] + arguments)
            defer { process.terminate() }
            #expect(line.hasPrefix("listening on http://127.0.0.1:"))
            let tasks = "/proc/\(process.processIdentifier)/task"
            func named() -> Int {
                let all = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
                return all.count { task in
                    let name = try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8)
                    return name?.trimmingCharacters(in: .whitespacesAndNewlines) == "MHD-worker"
                }
            }
            _ = eventually { named() == expected }
            return named()
        }
        let (help, _, pipe) = try launch(["--help"])
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.waitUntilExit()
        let perCore = try #require(text.firstMatch(of: /with Redis (\d+) per core/).flatMap { Int($0.1) })
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #expect(perCore > 1)
        #expect(try workers([], expected: cores) == cores)
        let redis = min(256, cores * perCore)
        #expect(try workers(["--session-store", "redis://127.0.0.1:1"], expected: redis) == redis)
        let given = ["--session-store", "redis://127.0.0.1:1", "--threads", String(cores)]
        #expect(try workers(given, expected: cores) == cores)
    }

    @Test func helpListsEveryFlagAndBadFlagsExitTwo() throws {
        let (help, _, pipe) = try launch(["--help"])
        let rest = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.waitUntilExit()
        #expect(help.terminationStatus == 0)
        // PORT (which platforms that assign the port set) is read too, under INSET_PORT and --port.
        // A variable's own line, as a flag's has its variable in the second column.
        let columns = rest.split(separator: "\n").map { $0.split(separator: " ").prefix(2) }
        #expect(columns.contains { $0.contains("PORT") }, "PORT missing from --help")
        for flag in [
            "--host", "--port", "--threads", "--max-sessions", "--session-ttl", "--max-body-bytes", "--cors-origin",
            "--api-token", "--shutdown-timeout", "--connection-timeout", "--header-timeout", "--connection-limit",
            "--access-log", "--body-timeout", "--min-body-rate", "--max-session-bytes",
            "--session-store",
        ] {
            #expect(rest.contains(flag), "\(flag) missing from --help")
        }
        let (bad, _, _) = try launch(["--bogus"])
        bad.waitUntilExit()
        #expect(bad.terminationStatus == 2)
        for bad in [
            ["--port", "99999"], ["--session-ttl", "0"], ["--threads", "0"], ["--access-log", "maybe"],
            ["--session-store", "redis://"], ["--session-store", "rediss://cache:6379"],
            ["--body-timeout", "-1"], ["--min-body-rate", "x"],
            // A token of whitespace started a server with every route open to `Bearer ` and a space. Which tokens
            // are refused, and what the message says, is OptionsTests'; every refusal exits here, never listening.
            ["--port", "0", "--api-token", " "],
        ] {
            let (process, _, _) = try launch(bad)
            // One that starts (as a token of whitespace did) is stopped, not waited for.
            let status = waitForExit(process, seconds: 30)
            if status == nil { process.terminate() }
            #expect(status == 2, "\(bad)")
        }
    }
}
