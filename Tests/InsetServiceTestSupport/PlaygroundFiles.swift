import Foundation
import InsetPlayground
import InsetService

/// The files the executable gives the service: the playground's folder, its top-level files and its redirects.
package let playgroundFiles = StaticFiles(
    assets: Playground.assets.map(staticAsset),
    folders: [StaticFolder(path: Playground.folder, files: Playground.files.map(staticAsset))],
    redirects: Playground.redirects.map { StaticRedirect(path: $0.path, location: $0.location) })

/// A playground file as the service serves it.
private func staticAsset(_ file: PlaygroundAsset) -> StaticAsset {
    StaticAsset(path: file.path, contentType: file.contentType, bytes: file.bytes, extraHeaders: file.extraHeaders)
}

/// A file of `Sources/InsetPlayground/Resources` as it is in the repository (`client.js`, `playground/main.js`).
package func resourceOnDisk(_ name: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: Repository.url("Sources/InsetPlayground/Resources/\(name)")))
}

/// The names of the files in `Sources/InsetPlayground/Resources/playground`, sorted.
package func playgroundFolderOnDisk() throws -> [String] {
    try FileManager.default.contentsOfDirectory(
        atPath: Repository.url("Sources/InsetPlayground/Resources/playground").path
    ).sorted()
}
