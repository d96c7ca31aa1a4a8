import Foundation
import InsetServiceTestSupport
import Testing

/// `fuzz/lsan.supp`'s patterns for the service's own code name symbols that exist: a suppression is a mangled name,
/// and a type moved to another module or renamed changes it. When the request schema moved from `InsetService` to
/// `InsetSchema`, `*RequestSchemaO*_WZ` stopped matching, and `scripts/fuzz` failed on the schema's tables after 52
/// inputs; this test fails the same way in seconds, on the symbols of the test binary, which links every module.
@Suite struct LeakSuppressionTests {
    /// The patterns of `fuzz/lsan.supp` that name Swift symbols of the package (those ending in `_WZ`, a static's
    /// one-time initialiser), as `leak:` lines hold them.
    static func ownPatterns() throws -> [String] {
        let text = try String(contentsOf: Repository.url("fuzz/lsan.supp"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("leak:"), line.hasSuffix("_WZ") else { return nil }
            return String(line.dropFirst("leak:".count))
        }
    }

    /// Whether `symbol` matches `pattern`, where `*` stands for any run of characters and the pattern may match
    /// anywhere in the symbol, as LSan's suppressions do.
    static func matches(_ symbol: String, _ pattern: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: true)
        var rest = symbol[...]
        for piece in pieces {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        // A pattern that does not end in `*` must end the symbol.
        if !pattern.hasSuffix("*"), let last = pieces.last { return symbol.hasSuffix(last) }
        return true
    }

    @Test func theMatcherFollowsLSansWildcards() {
        #expect(Self.matches("$s11InsetSchema07RequestB0O3top_WZ", "*InsetSchema07RequestB0O*_WZ"))
        #expect(!Self.matches("$s12InsetService13RequestSchemaO3top_WZ", "*InsetSchema07RequestB0O*_WZ"))
        #expect(!Self.matches("$s11InsetSchema07RequestB0O3topvau", "*InsetSchema07RequestB0O*_WZ"))
    }

    @Test func everyPatternForTheSchemaNamesASymbolOfTheBinary() throws {
        let patterns = try Self.ownPatterns()
        #expect(!patterns.isEmpty)
        let nm = Process()
        nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        nm.arguments = [ProcessInfo.processInfo.arguments[0]]
        let output = Pipe()
        nm.standardOutput = output
        nm.standardError = FileHandle.nullDevice
        try nm.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        nm.waitUntilExit()
        let symbols = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            $0.split(separator: " ").last
        }
        .map(String.init)
        #expect(symbols.count > 1000, "nm listed \(symbols.count) symbols of \(ProcessInfo.processInfo.arguments[0])")
        for pattern in patterns {
            #expect(symbols.contains { Self.matches($0, pattern) }, "no symbol matches fuzz/lsan.supp's \(pattern)")
        }
    }
}
