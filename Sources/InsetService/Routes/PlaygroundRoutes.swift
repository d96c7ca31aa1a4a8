import HTTPServer

extension InsetApplication {
    /// `GET /`, `/playground.css`, `/playground.js`, `/client.js` and `/client.d.ts`: embedded files, public like `/healthz`,
    /// revalidated on every use (`Cache-Control: no-cache`) and answered 304 when `If-None-Match` names them.
    func staticAsset(_ asset: StaticAsset, _ request: RouteRequest) -> HTTPResponse {
        let ifNoneMatch = request.http.headers.compactMap { $0.name.lowercased() == "if-none-match" ? $0.value : nil }
        return asset.response(ifNoneMatch: ifNoneMatch)
    }
}
