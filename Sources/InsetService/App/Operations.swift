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
    /// Every operation of the service: the spec's route (`Route+Contract.swift`, generated from `openapi.yaml`)
    /// and its handler. Adding an operation is its place in `openapi.yaml`, `scripts/generate`, its entry here, its
    /// handler and a test; a new body kind is a case of `RequestBody.Kind`, whose members `RequestSchema` marks.
    static func all(_ dependencies: Dependencies, files: StaticFiles) -> [Operation] {
        let sessions = dependencies.sessions
        let devices = dependencies.devices
        var operations = [
            Operation(
                .showKeyboard, body: .show, KeyboardEventHandler(kind: .show, sessions: sessions, devices: devices)),
            Operation(
                .hideKeyboard, body: .hide, KeyboardEventHandler(kind: .hide, sessions: sessions, devices: devices)),
            Operation(.dragKeyboard, body: .drag, GestureHandler(kind: .drag, sessions: sessions)),
            Operation(.releaseKeyboard, body: .release, GestureHandler(kind: .release, sessions: sessions)),
            Operation(.createSession, body: .session, CreateSessionHandler(sessions: sessions, devices: devices)),
            Operation(.getSession, GetSessionHandler(sessions: sessions)),
            Operation(.patchSession, body: .session, PatchSessionHandler(sessions: sessions, devices: devices)),
            Operation(.deleteSession, DeleteSessionHandler(sessions: sessions)),
            Operation(.moveFocus, body: .focus, FocusHandler(sessions: sessions)),
            Operation(.replayNotifications, NotificationsHandler(sessions: sessions)),
            Operation(.getTimeline, TimelineHandler(sessions: sessions, format: .negotiated)),
            Operation(.getTimelinePlot, TimelineHandler(sessions: sessions, format: .svg)),
            Operation(.listDevices, DeviceListHandler(catalogue: devices)),
            Operation(.getDevice, DeviceHandler(catalogue: devices)),
            Operation(.getHealth, HealthHandler()),
            Operation(.getReadiness, ReadinessHandler(store: sessions.store, lifecycle: dependencies.lifecycle)),
            Operation(
                .getMetrics,
                MetricsHandler(
                    sessions: sessions, lifecycle: dependencies.lifecycle, metrics: dependencies.metrics,
                    log: dependencies.log)),
            Operation(.getOpenAPI, OpenAPIHandler()),
            Operation(.getVersion, VersionHandler()),
            // What a problem's `type` means: its spec needs no token, so that a refused client can read it.
            Operation(.getProblemType, ProblemPageHandler()),
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
