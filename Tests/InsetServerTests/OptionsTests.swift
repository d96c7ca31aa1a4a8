import Foundation
import Testing

@testable import inset_server

/// The executable's configuration and its notes on standard error, in process.
@Suite("inset-server's options and notes")
struct OptionsTests {
    /// Every environment variable the parser reads, for a memory and a Redis store: each is in `--help`, in the
    /// first two columns of a line (a flag and its variable, or a variable of its own). `PORT` was read and not
    /// listed.
    @Test func helpListsEveryEnvironmentVariableRead() {
        let columns = Options.usage.split(separator: "\n").map { $0.split(separator: " ").prefix(2).map(String.init) }
        for store in [nil, "redis://127.0.0.1:6379"] {
            var read: [String] = []
            _ = Options.parse([]) { name in
                read.append(name)
                return name == "INSET_SESSION_STORE" ? store : nil
            }
            #expect(read.contains("PORT"))
            for name in read {
                #expect(columns.contains { $0.contains(name) }, "\(name) is read but not in --help")
            }
        }
    }

    @Test func aTokenWithWhitespaceOrAControlCharacterIsRefusedWithoutShowingIt() {
        let cases: [(String, String)] = [
            (" ", "only whitespace"), ("\t\n", "only whitespace"), ("s3cret\n", "ends with whitespace"),
            ("s3cret\r\n", "ends with whitespace"), ("s3cret ", "ends with whitespace"),
            (" s3cret", "begins with whitespace"), ("\ts3cret", "begins with whitespace"),
            ("s3\u{1}cret", "control character"), ("s3\u{7F}cret", "control character"),
        ]
        for (token, problem) in cases {
            for (arguments, environment) in [(["--api-token", token], [:]), ([], ["INSET_API_TOKEN": token])] {
                guard case .failure(let error) = Options.parse(arguments, environment: { environment[$0] }) else {
                    Issue.record("\(token.debugDescription) was taken")
                    continue
                }
                #expect(error.message.contains(problem), "\(error.message)")
                #expect(error.message.contains(arguments.isEmpty ? "INSET_API_TOKEN" : "--api-token"))
                #expect(!error.message.contains("s3"), "\(error.message)")
            }
        }
        // The flag is read after the variable, and a flag of whitespace is refused over a right variable.
        guard
            case .failure(let error) = Options.parse(
                ["--api-token", " "], environment: { $0 == "INSET_API_TOKEN" ? "s3cret" : nil })
        else {
            Issue.record("a flag of whitespace over INSET_API_TOKEN was taken")
            return
        }
        #expect(error.message == "inset-server: --api-token is only whitespace")
        for token in ["s3cret", "a b", "s3cret=="] {
            guard case .success(let options) = Options.parse(["--api-token", token], environment: { _ in nil }) else {
                Issue.record("\(token.debugDescription) was refused")
                continue
            }
            #expect(options.service.apiToken == token)
        }
    }

    /// An empty token is a mistake, not a way to turn the token off: refused from the flag (`--api-token=` or an
    /// empty argument) or the variable, and a flag left empty is refused over a variable that has one.
    @Test func anEmptyTokenIsRefusedFromTheFlagOrTheEnvironment() {
        for (arguments, environment, named): ([String], [String: String], String) in [
            (["--api-token="], [:], "--api-token"), (["--api-token", ""], [:], "--api-token"),
            ([], ["INSET_API_TOKEN": ""], "INSET_API_TOKEN"),
            (["--api-token="], ["INSET_API_TOKEN": "s3cret"], "--api-token"),
        ] {
            guard case .failure(let error) = Options.parse(arguments, environment: { environment[$0] }) else {
                Issue.record("\(arguments) \(environment) was taken")
                continue
            }
            #expect(error.message == "inset-server: \(named) is empty; give it a value or leave it out")
        }
    }

    /// `--cors-origin` (or `INSET_CORS_ORIGIN`) names the one origin CORS grants, `*` any, and `off` turns CORS off.
    @Test func theCORSOriginIsAnOriginAnyOrOff() {
        for (arguments, environment, expected): ([String], [String: String], String?) in [
            ([], [:], "*"), (["--cors-origin", "https://app.example"], [:], "https://app.example"),
            (["--cors-origin", "off"], [:], nil), ([], ["INSET_CORS_ORIGIN": "off"], nil),
            (["--cors-origin=*"], ["INSET_CORS_ORIGIN": "off"], "*"),
        ] {
            guard case .success(let options) = Options.parse(arguments, environment: { environment[$0] }) else {
                Issue.record("\(arguments) \(environment) was refused")
                continue
            }
            #expect(options.service.corsOrigin == expected, "\(arguments) \(environment)")
        }
    }

    /// Notes to a pipe nobody reads never wait: past the pipe and the queue they are dropped, and once the reader
    /// drains the pipe the next note that fits says how many were, so every note is either read or counted.
    @Test func notesNeverWaitForAFullPipeAndCountWhatTheyDrop() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // F_SETPIPE_SZ (Linux; not imported into Swift): the smallest pipe, a page.
        _ = fcntl(ends[1], 1031, 4096)
        let notes = StandardErrorNotes(output: ends[1], capacityBytes: 1024)
        close(ends[1])
        let total = 3000
        for index in 0..<total { notes.write("note \(index)") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        // The first notes, and then the queue's: read until the writer has nothing left.
        repeat {
            var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 100) > 0 {
                let count = read(ends[0], &buffer, buffer.count)
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
        } while !notes.flush(within: 0.1)
        notes.write("last")
        #expect(notes.flush(within: 30))
        let deadline = Date().addingTimeInterval(30)
        while !received.suffix(5).elementsEqual("last\n".utf8), Date() < deadline {
            var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { received += buffer[0..<count] }
        }
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        let written = lines.filter { $0.hasPrefix("note ") }.count
        // One report a run of dropped notes: the writer may drain the queue between runs.
        let reports = lines.filter { $0.contains("dropped while it was full") }
        let dropped = try reports.reduce(0) { sum, report in try sum + #require(Int(report.split(separator: " ")[1])) }
        #expect(written > 0 && dropped > 0)
        #expect(written + dropped == total, "\(written) written and \(dropped) reported dropped of \(total)")
        #expect(lines.last == "last")
    }
}
