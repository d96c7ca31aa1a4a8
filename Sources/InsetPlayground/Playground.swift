/// The browser playground and the client module it runs on, as the files an HTTP server serves. The page, its
/// style sheet and its ES modules live in one folder, `/playground/`, which one route serves (`GET
/// /playground/{file}`), the page at `/playground/index.html`; `/client.js` and its TypeScript declarations stay at
/// the top, where pages import them from; the playground's paths from before the folder redirect into it. The page
/// loads nothing else, and every file it names is here.
public enum Playground {
    /// The folder the page, its style sheet and its modules are served from.
    public static let folder = "/playground/"
    /// The page's path, in the folder.
    public static let pagePath = folder + "index.html"

    /// The folder's files: the page, its style sheet and every ES module of the page.
    public static let files: [PlaygroundAsset] = [page, styles] + modules
    /// The files at the top, each at a path of its own: the client module and its declarations.
    public static let assets: [PlaygroundAsset] = [client, clientDeclarations]
    /// The playground's paths from before the folder, each a permanent redirect into it: `/` to the page, the style
    /// sheet to its place in the folder, and the one script the page had to the module that now starts it. The
    /// folder itself (`/playground/`) is no file and answers 404: `{file}` never matches an empty name.
    public static let redirects: [(path: String, location: String)] = [
        ("/", pagePath),
        ("/playground.css", folder + "playground.css"),
        ("/playground.js", folder + "main.js"),
    ]

    /// The page runs only its own scripts and style sheet and talks only to its own origin: nothing can be
    /// loaded from elsewhere, which also proves it is self-contained. `'self'` covers the modules it imports.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// `GET /playground/index.html`: the playground page.
    static let page = PlaygroundAsset(
        path: pagePath, contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html,
        extraHeaders: [("Content-Security-Policy", pagePolicy)])
    /// `GET /playground/playground.css`: the page's style sheet.
    static let styles = PlaygroundAsset(
        path: folder + "playground.css", contentType: "text/css; charset=utf-8",
        bytes: PackageResources.playground_css, extraHeaders: [])
    /// The page's ES modules, `GET /playground/{name}.js` each: `main.js`, which the page loads, imports the others
    /// by relative paths and `/client.js` as `../client.js`. docs/playground.md says what each one holds.
    static let modules: [PlaygroundAsset] = moduleBytes.map { name, bytes in
        PlaygroundAsset(
            path: folder + name, contentType: "text/javascript; charset=utf-8", bytes: bytes, extraHeaders: [])
    }
    /// Each module's name and bytes as embedded.
    private static let moduleBytes: [(name: String, bytes: [UInt8])] = [
        ("main.js", PackageResources.main_js),
        ("state.js", PackageResources.state_js),
        ("ui.js", PackageResources.ui_js),
        ("geometry.js", PackageResources.geometry_js),
        ("wording.js", PackageResources.wording_js),
        ("log-text.js", PackageResources.log_text_js),
        ("scene.js", PackageResources.scene_js),
        ("stage.js", PackageResources.stage_js),
        ("status.js", PackageResources.status_js),
        ("timeline.js", PackageResources.timeline_js),
        ("catalogue.js", PackageResources.catalogue_js),
        ("ios-layout.js", PackageResources.ios_layout_js),
        ("ios-phone.js", PackageResources.ios_phone_js),
        ("chat.js", PackageResources.chat_js),
        ("form.js", PackageResources.form_js),
        ("containers.js", PackageResources.containers_js),
        ("sheets.js", PackageResources.sheets_js),
        ("notification-panel.js", PackageResources.notification_panel_js),
        ("lifecycle.js", PackageResources.lifecycle_js),
        ("android-layout.js", PackageResources.android_layout_js),
        ("android-phone.js", PackageResources.android_phone_js),
        ("web-scene.js", PackageResources.web_scene_js),
        ("web.js", PackageResources.web_js),
    ]
    /// `GET /client.js`: the dependency-free ES module for calling the service and replaying its animations.
    static let client = PlaygroundAsset(
        path: "/client.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.client_js,
        extraHeaders: [])
    /// `GET /client.d.ts`: TypeScript declarations for the whole of `/client.js`.
    static let clientDeclarations = PlaygroundAsset(
        path: "/client.d.ts", contentType: "application/typescript; charset=utf-8",
        bytes: PackageResources.client_d_ts, extraHeaders: [])
}
