import Foundation
import InsetServiceTestSupport
import Testing

/// No script, test or source reopens a standard stream by its path (standard error's under `/dev`, or its number
/// under `/dev/fd` or `/proc/self/fd`): opening that path opens the file behind the stream afresh, so `tee` given
/// standard error's path, with standard error sent to a file (a CI log), truncates the file and loses what was
/// written before, and writes from the old and the new descriptor then overwrite each other. Write to the
/// descriptor itself (`>&2`, `sys.stderr`, `process.stderr`). Reading another process's `/proc/PID/fd` (the
/// descriptor tests) is not a reopening. Comments name no such path either, so that a match is always a finding.
@Suite struct StandardStreamPathTests {
    static let scanned = [
        "Package.swift", "Dockerfile", "Sources", "Tests", "scripts", "bench", "deploy", "IntegrationTests", "fuzz",
        ".ci",
    ]
    static let textExtensions: Set<String> = [
        "", "sh", "py", "lua", "js", "mjs", "ts", "swift", "c", "h", "yaml", "yml", "toml", "conf", "json", "html",
    ]
    /// Built from pieces, so that this file does not hold what it looks for.
    static let pattern =
        "/dev/" + "(std(in|out|err)|fd/[0-2])\\b" + "|/proc/(self|thread-self|\\$\\$|\\$\\{?BASHPID\\}?)/fd/[0-2]\\b"

    /// Each line of `text` that names a standard stream's path, with its number.
    static func reopenings(in text: String) throws -> [String] {
        let regex = try Regex(Self.pattern)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            line.contains(regex) ? "\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test(arguments: [
        ("out=$(run | tee /dev" + "/stderr)", true),
        ("echo done > /dev" + "/stdout", true),
        ("exec 3</dev" + "/stdin", true),
        ("cat /dev" + "/fd/2", true),
        ("open('/proc" + "/self/fd/1', 'w')", true),
        ("printf '%s' x >/proc" + "/$$/fd/2", true),
        ("out=$(run | tee >(cat >&2))", false),
        ("printf '%s\\n' \"$counted\" >&2", false),
        ("os.listdir(f\"/proc/{pid}/fd\")", false),
        ("os.readlink(f\"/proc/{pid}/fd/{fd}\")", false),
        ("diff <(a) /dev" + "/fd/63", false),
        ("sys.stderr.write(line)", false),
    ])
    func theRuleTellsAReopeningFromAWriteToTheDescriptor(line: String, reopens: Bool) throws {
        #expect(try Self.reopenings(in: line).isEmpty == !reopens)
    }

    @Test func nothingReopensAStandardStreamByItsPath() throws {
        let files = Repository.textFiles(in: Self.scanned, extensions: Self.textExtensions)
        let found = try files.flatMap { file in try Self.reopenings(in: file.text).map { "\(file.path):\($0)" } }
        #expect(files.count > 100)
        #expect(found == [])
    }
}
