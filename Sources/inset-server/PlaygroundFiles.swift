import InsetPlayground
import InsetService

extension StaticFiles {
    /// The playground's files as the service serves them: the folder's page, style sheet and modules by one route,
    /// `/client.js` and `/client.d.ts` each at its path, and the old paths redirecting into the folder.
    static var playground: StaticFiles {
        StaticFiles(
            assets: Playground.assets.map(StaticAsset.init(_:)),
            folders: [StaticFolder(path: Playground.folder, files: Playground.files.map(StaticAsset.init(_:)))],
            redirects: Playground.redirects.map { StaticRedirect(path: $0.path, location: $0.location) })
    }
}

extension StaticAsset {
    /// A playground file as the service serves it: at its path, with its type, bytes and headers.
    init(_ file: PlaygroundAsset) {
        self.init(path: file.path, contentType: file.contentType, bytes: file.bytes, extraHeaders: file.extraHeaders)
    }
}
