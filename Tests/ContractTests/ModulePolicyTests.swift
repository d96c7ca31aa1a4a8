import Foundation
import InsetServiceTestSupport
import Testing

/// The modules keep the boundaries `Package.swift` and CONTRIBUTING.md state, read from the manifest and the sources:
/// `InsetCore` and `InsetSession` are pure Swift an iOS app can link (no Foundation), `InsetSession` knows the core
/// and no wire type, the schema and the session stores know no transport, only `RedisClient` links hiredis, every
/// module a target imports is one it lists, and no source file outgrows 400 lines (nor any of the playground's ES
/// modules).
@Suite struct ModulePolicyTests {
    /// The types of the wire (requests, responses, JSON, problems) that the session model must not name.
    static let wireTypes: Set<String> = [
        "RequestBody", "RequestSchema", "JSONWriter", "JSONValue", "HTTPRequest", "HTTPResponse", "Problem",
    ]

    /// The transport's module and the types that belong to it (with the service's problems, which are answers),
    /// which the schema and the session stores must not name.
    static let transportTypes: Set<String> = [
        "HTTPServer", "HTTPRequest", "HTTPResponse", "HTTPPendingResponse", "HTTPHeaders", "Problem",
    ]

    /// The modules below the service that must not depend on the transport, even through another module.
    static let transportFree = ["InsetSchema", "InsetStores"]

    /// The longest a Swift file under `Sources/` may be, in lines.
    static let maxLines = 400

    static func manifest() throws -> [ManifestTarget] {
        try PackageManifest.targets(in: String(contentsOf: Repository.url("Package.swift"), encoding: .utf8))
    }

    /// The Swift files under `folder` (relative to the repository), with their paths relative to it too.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let top = Repository.url(folder)
        let found = FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil)?.allObjects as? [URL]
        return try (found ?? []).filter { $0.pathExtension == "swift" }.map { url in
            let path = url.path.replacingOccurrences(of: Repository.root.path + "/", with: "")
            return (path, try String(contentsOf: url, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    static func lines(_ text: String) -> Int {
        text.utf8.count { $0 == 10 } + (text.isEmpty || text.hasSuffix("\n") ? 0 : 1)
    }

    @Test func theManifestReaderFindsTargetsAndTheirDependencies() throws {
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "P",
                products: [.library(name: "L", targets: ["NotATarget"])],
                targets: [
                    // .target(name: "Commented", dependencies: ["X"]),
                    .systemLibrary(name: "CLib", pkgConfig: "lib"),
                    .target(name: "A"),  /* .target(name: "Ghost") */
                    .target(
                        name: "B",
                        dependencies: [
                            "A", .target(name: "CLib", condition: .when(platforms: [.linux])),
                            .product(name: "Dep", package: "other-package"), .byName(name: "C"),
                        ],
                        path: "Sources/B, (odd) [path]", resources: [.embedInCode("x.yaml")]),
                    .testTarget(name: "BTests", dependencies: ["B"],),
                ]
            )
            """
        #expect(
            try PackageManifest.targets(in: manifest) == [
                ManifestTarget(kind: "systemLibrary", name: "CLib", dependencies: []),
                ManifestTarget(kind: "target", name: "A", dependencies: []),
                ManifestTarget(kind: "target", name: "B", dependencies: ["A", "CLib", "Dep", "C"]),
                ManifestTarget(kind: "testTarget", name: "BTests", dependencies: ["B"]),
            ])
        #expect(throws: PackageManifest.Unreadable.self) { try PackageManifest.targets(in: "let x = 1") }
    }

    @Test func theCodeReaderSkipsCommentsAndStrings() {
        let code = ##"""
            import InsetCore
            @preconcurrency import Foundation
            import struct FoundationEssentials.Date
            // import Glibc
            let a = "import Dispatch" /* RequestBody /* nested HTTPRequest */ still a comment */
            let b = "\(Problem.self) and \("inner \(JSONWriter.self)")"
            let c = #"raw "RequestSchema" \(HTTPResponse.self) \#(JSONValue.self)"#
            let d = """
                Problem
                import Synchronization
                """
            """##
        #expect(SwiftCode.imports(in: code) == ["InsetCore", "Foundation", "FoundationEssentials"])
        #expect(SwiftCode.identifiers(in: code).intersection(Self.wireTypes) == ["Problem", "JSONWriter", "JSONValue"])
        #expect(SwiftCode.blanking(code, strings: true).count == code.utf8.count)
        #expect(Self.lines("a\nb\n") == 2 && Self.lines("a\nb") == 2 && Self.lines("") == 0)
    }

    @Test func theCoreAndTheSessionModelImportNoFoundation() throws {
        var found: [String] = []
        var files = 0
        for folder in ["Sources/InsetCore", "Sources/InsetSession"] {
            for file in try Self.swiftFiles(under: folder) {
                files += 1
                found += SwiftCode.imports(in: file.text).filter { $0.hasPrefix("Foundation") }.map {
                    "\(file.path) imports \($0)"
                }
            }
        }
        #expect(files > 20)
        #expect(found == [])
    }

    @Test func theSessionModelNamesNoWireType() throws {
        var found: [String] = []
        for file in try Self.swiftFiles(under: "Sources/InsetSession") {
            let named = SwiftCode.identifiers(in: file.text).intersection(Self.wireTypes)
            found += named.sorted().map { "\(file.path) names \($0)" }
        }
        #expect(found == [])
    }

    @Test func theSessionModelDependsOnTheCoreOnly() throws {
        let session = try #require(try Self.manifest().first { $0.name == "InsetSession" })
        #expect(session.dependencies == ["InsetCore"])
    }

    /// The schema and the stores answer in the domain's values: neither depends on the transport, directly or
    /// through another module, and none of their files imports it or names its types.
    @Test func theSchemaAndTheStoresKnowNoTransport() throws {
        let targets = try Self.manifest()
        for name in Self.transportFree {
            let reached = Self.dependencies(of: name, in: targets)
            #expect(!reached.isEmpty, "\(name) is not in Package.swift")
            #expect(!reached.contains("HTTPServer") && !reached.contains("InsetService"), "\(name) reaches \(reached)")
        }
        var found: [String] = []
        var files = 0
        for name in Self.transportFree {
            for file in try Self.swiftFiles(under: "Sources/\(name)") {
                files += 1
                let named = SwiftCode.identifiers(in: file.text).intersection(Self.transportTypes)
                found += named.sorted().map { "\(file.path) names \($0)" }
            }
        }
        #expect(files > 30)
        #expect(found == [])
    }

    /// Every package module a target's sources import is listed in its dependencies: one reachable through another
    /// dependency would build, but the manifest would no longer say which way the dependencies point.
    @Test func everyModuleATargetImportsIsOneItLists() throws {
        let targets = try Self.manifest()
        let names = Set(targets.map(\.name))
        var found: [String] = []
        for target in targets where target.kind != "systemLibrary" {
            let folder = ["Sources/\(target.name)", "Tests/\(target.name)"].first {
                FileManager.default.fileExists(atPath: Repository.url($0).path)
            }
            guard let folder else { continue }
            for file in try Self.swiftFiles(under: folder) {
                let imported = Set(SwiftCode.imports(in: file.text)).intersection(names)
                let unlisted = imported.subtracting(target.dependencies).subtracting([target.name])
                found += unlisted.sorted().map { "\(file.path) imports \($0)" }
            }
        }
        #expect(found == [])
    }

    /// The targets `name` depends on, directly or through others.
    static func dependencies(of name: String, in targets: [ManifestTarget]) -> Set<String> {
        var reached: Set<String> = []
        var next = targets.first { $0.name == name }?.dependencies ?? []
        while let dependency = next.popLast() {
            guard reached.insert(dependency).inserted else { continue }
            next += targets.first { $0.name == dependency }?.dependencies ?? []
        }
        return targets.contains { $0.name == name } ? reached.union([name]) : []
    }

    @Test func onlyTheRedisClientLinksHiredis() throws {
        let targets = try Self.manifest()
        #expect(targets.contains { $0.name == "CHiredis" && $0.kind == "systemLibrary" })
        #expect(targets.filter { $0.dependencies.contains("CHiredis") }.map(\.name) == ["RedisClient"])
        let service = try #require(targets.first { $0.name == "InsetService" })
        #expect(!service.dependencies.contains("CHiredis"))
        // A module reachable through a dependency can be imported without being listed: no source does.
        let importers = try Self.swiftFiles(under: "Sources").filter { file in
            !file.path.hasPrefix("Sources/RedisClient/") && SwiftCode.imports(in: file.text).contains("CHiredis")
        }
        #expect(importers.map(\.path) == [])
    }

    @Test func noSourceFileIsOver400Lines() throws {
        let files = try Self.swiftFiles(under: "Sources")
        #expect(files.count > 100)
        let long = files.filter { Self.lines($0.text) > Self.maxLines }.map { "\($0.path): \(Self.lines($0.text))" }
        #expect(long == [])
    }

    /// The playground's ES modules keep to the Swift files' limit too, and each is type-checked (`scripts/check-js`
    /// runs `tsc` on files that say `// @ts-check` first).
    @Test func noPlaygroundModuleIsOver400LinesAndEachIsChecked() throws {
        let folder = Repository.url("Sources/InsetPlayground/Resources/playground")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
        #expect(names.count >= 10)
        var long: [String] = []
        var unchecked: [String] = []
        for name in names.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if Self.lines(text) > Self.maxLines { long.append("\(name): \(Self.lines(text))") }
            if !text.hasPrefix("// @ts-check\n") { unchecked.append(name) }
        }
        #expect(long == [])
        #expect(unchecked == [])
    }
}
