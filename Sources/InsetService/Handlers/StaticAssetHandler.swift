import HTTPServer

/// `GET` of a path the application was given a file for: revalidated on every use (`Cache-Control:
/// no-cache`) and answered 304 when `If-None-Match` names the file's bytes.
final class StaticAssetHandler: OperationHandler {
    let asset: StaticAsset

    init(asset: StaticAsset) {
        self.asset = asset
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        let ifNoneMatch = request.headers.compactMap { $0.name.lowercased() == "if-none-match" ? $0.value : nil }
        return asset.response(ifNoneMatch: ifNoneMatch)
    }
}
