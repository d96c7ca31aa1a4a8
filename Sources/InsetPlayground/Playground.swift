/// The browser playground and the client module it runs on, as the files an HTTP server serves: the page at
/// `/`, its style sheet and script, `/client.js` and its TypeScript declarations. The page loads nothing else,
/// and every file it names is here.
public enum Playground {
    /// Every file, each at a path of its own.
    public static let assets: [PlaygroundAsset] = [page, styles, script, client, clientDeclarations]

    /// The page runs only its own script and style sheet and talks only to its own origin: nothing can be
    /// loaded from elsewhere, which also proves it is self-contained.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// `GET /`: the playground page.
    static let page = PlaygroundAsset(
        path: "/", contentType: "text/html; charset=utf-8", bytes: PackageResources.playground_html,
        extraHeaders: [("Content-Security-Policy", pagePolicy)])
    /// `GET /playground.css`: the page's style sheet.
    static let styles = PlaygroundAsset(
        path: "/playground.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.playground_css,
        extraHeaders: [])
    /// `GET /playground.js`: the page's script, an ES module that imports `/client.js`.
    static let script = PlaygroundAsset(
        path: "/playground.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.playground_js,
        extraHeaders: [])
    /// `GET /client.js`: the dependency-free ES module for calling the service and replaying its animations.
    static let client = PlaygroundAsset(
        path: "/client.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.client_js,
        extraHeaders: [])
    /// `GET /client.d.ts`: TypeScript declarations for the whole of `/client.js`.
    static let clientDeclarations = PlaygroundAsset(
        path: "/client.d.ts", contentType: "application/typescript; charset=utf-8",
        bytes: PackageResources.client_d_ts, extraHeaders: [])
}
