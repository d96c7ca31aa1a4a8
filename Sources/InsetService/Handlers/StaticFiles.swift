/// The files an application serves besides its API, public like `/healthz` (no token: a browser loads a page
/// before anyone can type one): files each at a literal path, folders each served by one route, and old paths that
/// answer a permanent redirect to where their file is now. The executable gives the application the playground's.
public struct StaticFiles: Sendable {
    /// Files each at a literal path of its own, such as `/client.js`.
    public var assets: [StaticAsset]
    /// Folders whose files share one route each, such as `GET /playground/{file}`.
    public var folders: [StaticFolder]
    /// Old paths, each answered with a permanent redirect.
    public var redirects: [StaticRedirect]

    /// The files, folders and redirects given; none by default.
    public init(assets: [StaticAsset] = [], folders: [StaticFolder] = [], redirects: [StaticRedirect] = []) {
        self.assets = assets
        self.folders = folders
        self.redirects = redirects
    }
}

/// Files served under one folder by one route, `GET {path}{file}`: `/playground/` serves `/playground/main.js` as
/// the file named `main.js`. A name the folder does not have is 404, as any path with nothing at it.
public struct StaticFolder: Sendable {
    /// The folder's path, with a slash at each end, such as `/playground/`.
    public let path: String
    /// The folder's files by name: each one's path is the folder's followed by the name.
    let files: [String: StaticAsset]

    /// The folder at `path` (`/name/`) holding `files`, each of whose paths is `path` followed by a name without a
    /// slash; two files never share a name.
    public init(path: String, files: [StaticAsset]) {
        precondition(path.hasPrefix("/") && path.hasSuffix("/") && path.count > 1, "a folder's path is /name/")
        var byName: [String: StaticAsset] = [:]
        for file in files {
            precondition(file.path.hasPrefix(path), "\(file.path) is not in \(path)")
            let name = String(file.path.dropFirst(path.count))
            precondition(!name.isEmpty && !name.contains("/"), "\(file.path) is not directly in \(path)")
            precondition(byName[name] == nil, "two files are named \(name)")
            byName[name] = file
        }
        self.path = path
        self.files = byName
    }

    /// The route its files answer at: the folder's path and a `{file}` segment.
    var route: String { path + "{file}" }
}

/// An old path that answers `GET` (and `HEAD`) with 308 Permanent Redirect to where its file is now: a browser
/// follows it and remembers it, and a client that sent a method keeps it.
public struct StaticRedirect: Sendable {
    /// The path it answers at, such as `/`: literal, with no `{name}` segment.
    public let path: String
    /// Where it sends the client, an absolute path on the same server, such as `/playground/index.html`.
    public let location: String

    /// A redirect from `path` to `location`.
    public init(path: String, location: String) {
        self.path = path
        self.location = location
    }
}
