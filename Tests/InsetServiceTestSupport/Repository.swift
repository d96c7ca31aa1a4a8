import Foundation

/// The repository this file is checked out in, found from its place there (`Tests/InsetServiceTestSupport/`).
package enum Repository {
    /// The repository's top folder, where `Package.swift` is.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file at `path`, relative to the top folder.
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
