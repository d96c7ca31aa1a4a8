import HTTPServer
import InsetDevices
import InsetSchema

/// What the handlers are given: the sessions and their clock, the service's lifecycle, and what it observes.
struct Dependencies: Sendable {
    let sessions: Sessions
    let configuration: ServiceConfiguration
    let lifecycle: Lifecycle
    let metrics: Metrics
    let log: AccessLog
    /// The devices requests may name.
    var devices = DeviceCatalogue.standard
}

extension Operation {
    /// Every operation of the service, each path written once. Adding an operation is its entry here, its
    /// handler, its place in `openapi.yaml` and a test; a new body kind is a case of `RequestBody.Kind`, whose
    /// members `RequestSchema` marks.
    static func all(_ dependencies: Dependencies, files: StaticFiles) -> [Operation] {
        let sessions = dependencies.sessions
        let devices = dependencies.devices
        var operations = [
            Operation(
                "POST", "/keyboard/show", body: .show,
                KeyboardEventHandler(kind: .show, sessions: sessions, devices: devices)),
            Operation(
                "POST", "/keyboard/hide", body: .hide,
                KeyboardEventHandler(kind: .hide, sessions: sessions, devices: devices)),
            Operation("POST", "/keyboard/drag", body: .drag, GestureHandler(kind: .drag, sessions: sessions)),
            Operation("POST", "/keyboard/release", body: .release, GestureHandler(kind: .release, sessions: sessions)),
            Operation("POST", "/sessions", body: .session, CreateSessionHandler(sessions: sessions, devices: devices)),
            Operation("GET", "/sessions/{id}", GetSessionHandler(sessions: sessions)),
            Operation(
                "PATCH", "/sessions/{id}", body: .session, PatchSessionHandler(sessions: sessions, devices: devices)),
            Operation("DELETE", "/sessions/{id}", DeleteSessionHandler(sessions: sessions)),
            Operation("POST", "/sessions/{id}/focus", body: .focus, FocusHandler(sessions: sessions)),
            Operation("POST", "/sessions/{id}/notifications", NotificationsHandler(sessions: sessions)),
            Operation("GET", "/sessions/{id}/timeline", TimelineHandler(sessions: sessions, format: .negotiated)),
            Operation("GET", "/sessions/{id}/timeline.svg", TimelineHandler(sessions: sessions, format: .svg)),
            Operation("GET", "/devices", DeviceListHandler(catalogue: devices)),
            Operation("GET", "/devices/{id}", DeviceHandler(catalogue: devices)),
            Operation("GET", "/healthz", needsToken: false, HealthHandler()),
            Operation(
                "GET", "/readyz", needsToken: false,
                ReadinessHandler(store: sessions.store, lifecycle: dependencies.lifecycle)),
            Operation(
                "GET", "/metrics",
                MetricsHandler(
                    sessions: sessions, lifecycle: dependencies.lifecycle, metrics: dependencies.metrics,
                    log: dependencies.log)),
            Operation("GET", "/openapi.yaml", OpenAPIHandler()),
            Operation("GET", "/version", VersionHandler()),
            // What a problem's `type` means: needs no token, so that a refused client can read it.
            Operation("GET", "/problems/{slug}", needsToken: false, ProblemPageHandler()),
        ]
        for asset in files.assets {
            operations.append(Operation("GET", asset.path, needsToken: false, StaticAssetHandler(asset: asset)))
        }
        for folder in files.folders {
            operations.append(Operation("GET", folder.route, needsToken: false, StaticFolderHandler(folder: folder)))
        }
        for redirect in files.redirects {
            operations.append(
                Operation("GET", redirect.path, needsToken: false, StaticRedirectHandler(redirect: redirect)))
        }
        return operations
    }
}
