import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// Builds the application, serving `assets` besides its routes; tests call this and `respond(to:)` without any
/// socket.
public func buildApplication(
    _ configuration: ServiceConfiguration = ServiceConfiguration(), assets: [StaticAsset] = []
) -> InsetApplication {
    InsetApplication(configuration: configuration, assets: assets)
}

/// The application behind libmicrohttpd, with graceful shutdown.
public final class InsetServer: Sendable {
    /// The application answering requests; the tests reach it to drain it.
    package let application: InsetApplication
    /// The transport.
    public let http: HTTPServer

    /// Creates a stopped server whose application serves `assets` besides its routes.
    public init(
        http configuration: HTTPServerConfiguration, service: ServiceConfiguration, assets: [StaticAsset] = []
    ) {
        var transport = configuration
        transport.maxBodyBytes = service.maxBodyBytes
        application = buildApplication(service, assets: assets)
        // Before the port opens, so no client waits for the easing strings.
        AnimationDescriptor.warmUp()
        http = HTTPServer(configuration: transport, responder: application)
        application.lifecycle.transport.withLock { $0 = TransportLink(http) }
    }

    /// Binds and starts; returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int { try http.start() }

    /// Stops accepting, lets in-flight requests finish and keep-alive clients take their `Connection: close`,
    /// then stops. Returns true when nothing was cut off by `timeout` seconds.
    @discardableResult
    public func shutdown(timeout: Double) -> Bool {
        application.beginDraining()
        http.beginDraining()
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started.advanced(by: .milliseconds(Int64(max(0, timeout) * 1000)))
        // Idle keep-alive connections would hold on until their timeout; after a short grace with no request
        // in flight they are closed, since nothing is lost by closing an idle connection.
        let grace = started.advanced(by: .milliseconds(Int64(min(0.5, max(0, timeout)) * 1000)))
        while clock.now < deadline {
            if http.openConnections == 0 { break }
            if http.requestsInFlight == 0 && clock.now >= grace { break }
            usleep(5_000)
        }
        let clean = http.requestsInFlight == 0
        http.stop()
        // The last lines, within what is left of the timeout: a reader that stopped reading cannot hold the exit.
        let left = (deadline - clock.now).components
        application.log.flush(within: max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18))
        return clean
    }
}
