import Foundation

/// The repository this file is checked out in, found from its place there (`Tests/InsetServiceTestSupport/`).
package enum Repository {
    /// The repository's top folder, where `Package.swift` is.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file at `path`, relative to the top folder.
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The text files at or below each of `entries` (files or folders, relative to the top folder; missing ones
    /// are skipped) whose extension is one of `extensions`, each with its path relative to the top folder.
    package static func textFiles(in entries: [String], extensions: Set<String>) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for entry in entries {
            let top = url(entry)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: top.path, isDirectory: &isDirectory) else { continue }
            let urls =
                isDirectory.boolValue
                ? (FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil)?.allObjects as? [URL]
                    ?? []) : [top]
            for file in urls where extensions.contains(file.pathExtension) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                files.append((file.path.replacingOccurrences(of: root.path + "/", with: ""), text))
            }
        }
        return files
    }
}
