import HTTPServer

/// `GET {folder}{file}`: the folder's file of that name, as `StaticAssetHandler` serves a file at a literal path
/// (a strong `ETag`, 304 when `If-None-Match` names the current bytes); a name the folder does not have is 404.
final class StaticFolderHandler: OperationHandler {
    let folder: StaticFolder

    init(folder: StaticFolder) {
        self.folder = folder
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        guard let name = parameters["file"], let file = folder.files[name] else {
            throw .routeNotFound(request.path)
        }
        let ifNoneMatch = request.headers.compactMap { $0.name.lowercased() == "if-none-match" ? $0.value : nil }
        return file.response(ifNoneMatch: ifNoneMatch)
    }
}
