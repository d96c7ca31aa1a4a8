import HTTPServer

extension InsetApplication {
    /// `GET` of a path the application was given a file for: revalidated on every use (`Cache-Control:
    /// no-cache`) and answered 304 when `If-None-Match` names the file's bytes.
    func staticAsset(_ asset: StaticAsset, _ request: RouteRequest) -> HTTPResponse {
        let ifNoneMatch = request.http.headers.compactMap { $0.name.lowercased() == "if-none-match" ? $0.value : nil }
        return asset.response(ifNoneMatch: ifNoneMatch)
    }
}
