// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "KeyboardInsetService",
    products: [
        .executable(name: "inset-server", targets: ["inset-server"]),
        .library(name: "InsetCore", targets: ["InsetCore"]),
        .library(name: "InsetSession", targets: ["InsetSession"]),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // Debian's hiredis (libhiredis-dev), which only `RedisClient` links. No pkgConfig: its flags carry a
        // define SwiftPM refuses, and the header sits in the default include path anyway.
        .systemLibrary(
            name: "CHiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),
        // The few libmicrohttpd calls that Swift cannot make itself (variadic or union-returning).
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),
        // Pure Swift, no Foundation: an iOS app can link this very code.
        .target(name: "InsetCore"),
        // The session model over the core, pure Swift too: a screen's scene, its keyboard events, interruptions,
        // gestures, focus moves, notification replay and timelines. It names no wire type.
        .target(name: "InsetSession", dependencies: ["InsetCore"]),
        // The devices the service knows by name, each number with its source (`Resources/devices.json`, compiled
        // in), and how a request by device takes their numbers. Pure Swift, no Foundation.
        .target(
            name: "InsetDevices", dependencies: ["InsetCore", "InsetSession", "InsetJSON"],
            resources: [.embedInCode("Resources/devices.json")]),
        // A pthread mutex with a condition, which ThreadSanitizer understands: shared by the transport and the service.
        .target(name: "Locking"),
        // Transport only: knows nothing of keyboards.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMicroHTTPDShim", "Locking"]),
        // The Redis client under `--session-store redis://…`: endpoints and their URLs, commands and replies,
        // one connection over hiredis, and one pipelined connection shared by every worker. Knows nothing of
        // sessions.
        .target(name: "RedisClient", dependencies: ["CHiredis", "Locking"]),
        // Every member a request body may carry, declared once (`RequestSchema`), and what reads bodies against it:
        // both JSON decoders, and a notification log as JSON or as console text. Knows no transport; no Foundation.
        .target(name: "InsetSchema", dependencies: ["InsetCore", "InsetSession", "InsetJSON"]),
        // The session stores, in memory or in Redis, and what they keep: records, ids and keys, the record cache,
        // lost replies, the clock. They answer in the domain's values (`StoreAnswer`), not the transport's.
        .target(
            name: "InsetStores",
            dependencies: ["InsetSchema", "InsetSession", "InsetCore", "InsetJSON", "RedisClient", "Locking"]),
        // The routes joining the core, the stores and the transport: answers in JSON, problems, observability.
        .target(
            name: "InsetService",
            dependencies: [
                "InsetCore", "InsetSession", "InsetDevices", "InsetJSON", "InsetSchema", "InsetStores", "HTTPServer",
                "RedisClient", "Locking",
            ],
            // The contract, compiled into the binary and served by it.
            resources: [.embedInCode("Resources/openapi.yaml")]
        ),
        // The browser playground and its client module, compiled in, with the paths and headers they are served
        // with; depends on nothing, and `inset-server` hands its files to the service. The page, its style sheet
        // and its ES modules are the folder `Resources/playground` (every file of it listed here: a test holds the
        // list to the folder); each embedded file is named by its file name alone, so no two may share one.
        .target(
            name: "InsetPlayground",
            resources: [
                .embedInCode("Resources/playground/index.html"),
                .embedInCode("Resources/playground/playground.css"),
                .embedInCode("Resources/playground/main.js"),
                .embedInCode("Resources/playground/state.js"),
                .embedInCode("Resources/playground/ui.js"),
                .embedInCode("Resources/playground/geometry.js"),
                .embedInCode("Resources/playground/wording.js"),
                .embedInCode("Resources/playground/log-text.js"),
                .embedInCode("Resources/playground/scene.js"),
                .embedInCode("Resources/playground/stage.js"),
                .embedInCode("Resources/playground/status.js"),
                .embedInCode("Resources/playground/timeline.js"),
                .embedInCode("Resources/playground/catalogue.js"),
                .embedInCode("Resources/playground/ios-layout.js"),
                .embedInCode("Resources/playground/ios-phone.js"),
                .embedInCode("Resources/playground/chat.js"),
                .embedInCode("Resources/playground/form.js"),
                .embedInCode("Resources/playground/containers.js"),
                .embedInCode("Resources/playground/sheets.js"),
                .embedInCode("Resources/playground/notification-panel.js"),
                .embedInCode("Resources/playground/lifecycle.js"),
                .embedInCode("Resources/playground/android-layout.js"),
                .embedInCode("Resources/playground/android-phone.js"),
                .embedInCode("Resources/playground/web-scene.js"),
                .embedInCode("Resources/playground/web.js"),
                .embedInCode("Resources/client.js"),
                .embedInCode("Resources/client.d.ts"),
            ]
        ),
        // RFC 8259 JSON over raw bytes, without Foundation: the hot path of every request.
        .target(name: "InsetJSON"),
        .executableTarget(
            name: "inset-server", dependencies: ["InsetService", "InsetStores", "InsetPlayground", "HTTPServer"]),
        // libFuzzer target over the routes and the JSON codec; `scripts/fuzz` builds it with
        // `-sanitize=fuzzer,address -D FUZZING`, a plain build makes a replayer (fuzz/README.md).
        .executableTarget(
            name: "InsetFuzz", dependencies: ["InsetService", "InsetSchema", "InsetStores", "InsetJSON", "HTTPServer"]),
        // Core micro-benchmark (ns per inset, ns per linear() easing, RSS per session), run by bench/run.
        .executableTarget(name: "InsetBench", dependencies: ["InsetCore", "InsetService", "HTTPServer"]),
        .testTarget(name: "InsetCoreTests", dependencies: ["InsetCore"]),
        .testTarget(name: "InsetSessionTests", dependencies: ["InsetSession", "InsetCore"]),
        // The catalogue's numbers held to each other, and requests by device against the same numbers written out.
        .testTarget(
            name: "InsetDevicesTests", dependencies: ["InsetDevices", "InsetSession", "InsetCore", "InsetJSON"]),
        // A raw-socket HTTP client shared by the transport, server and Redis tests.
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        // What the service's test targets share: the in-process caller (`InsetApplication.call`, `makeApp`, a
        // manual clock), the phone geometry and a sample session, the playground's files and the contract as the
        // repository holds them.
        .target(
            name: "InsetServiceTestSupport",
            dependencies: [
                "InsetService", "InsetStores", "InsetSession", "InsetCore", "InsetJSON", "InsetPlayground",
                "HTTPServer", "Locking",
            ],
            path: "Tests/InsetServiceTestSupport"),
        // The request schema and its decoders without the service: the cases generated from the table, the fast
        // decoder held to the general one, the usual members' readers, `NSString` geometry and the console reader.
        .testTarget(name: "InsetSchemaTests", dependencies: ["InsetSchema", "InsetSession", "InsetCore", "InsetJSON"]),
        // The stores through their own API, without a transport: the memory store and its byte budget, records,
        // ids and keys, the record cache and writers, and the Redis store's logic without a Redis.
        .testTarget(
            name: "InsetStoresTests",
            dependencies: [
                "InsetStores", "InsetSchema", "InsetSession", "InsetCore", "InsetJSON", "RedisClient", "Locking",
            ]),
        // The service in process: `InsetApplication.call`, the schema and the decoders, the stores as the routes
        // answer them.
        .testTarget(
            name: "InsetServiceTests",
            dependencies: [
                "InsetService", "InsetSchema", "InsetStores", "InsetSession", "InsetCore", "InsetDevices", "InsetJSON",
                "HTTPServer", "RedisClient", "InsetServiceTestSupport",
            ],
            // Console logs as consoles print them, each beside its JSON form.
            resources: [.copy("ConsoleLogs")]),
        // The service over real sockets on port 0, and the `inset-server` executable run as a process (the one
        // `swift build` puts beside the test bundle) and in process (its options and its notes on stderr).
        .testTarget(
            name: "InsetServerTests",
            dependencies: [
                "InsetService", "InsetJSON", "HTTPServer", "RedisClient", "HTTPTestSupport", "InsetServiceTestSupport",
                "inset-server",
            ]),
        // The Redis session store against a real `redis-server` of each test's own: skipped without one, except
        // under CI (`CI` set), where its absence fails them.
        .testTarget(
            name: "RedisIntegrationTests",
            dependencies: [
                "InsetService", "InsetStores", "InsetSession", "InsetCore", "RedisClient", "HTTPServer", "Locking",
                "HTTPTestSupport", "InsetServiceTestSupport",
            ]),
        // The repository's own rules, from its files: openapi.yaml agrees with the request schema (read through
        // PyYAML), nothing links outside, every path the documents cite exists, and the modules keep their
        // boundaries.
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "InsetCore", "InsetService", "InsetSchema", "InsetSession", "InsetJSON", "InsetServiceTestSupport",
            ]),
        .testTarget(name: "InsetJSONTests", dependencies: ["InsetJSON"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTestSupport", "Locking"]),
        // The client's own policies, without a Redis server; the store's suites run it against a real one.
        .testTarget(name: "RedisClientTests", dependencies: ["RedisClient"]),
    ],
    swiftLanguageModes: [.v6]
)
