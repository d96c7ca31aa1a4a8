import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// Builds the application, serving the static `files` besides its routes; tests call this and `respond(to:)`
/// without any socket.
public func buildApplication(
    _ configuration: ServiceConfiguration = ServiceConfiguration(), files: StaticFiles = StaticFiles()
) -> InsetApplication {
    InsetApplication(configuration: configuration, files: files)
}

/// The application behind libmicrohttpd, with graceful shutdown.
public final class InsetServer: Sendable {
    /// The application answering requests; the tests reach it to drain it.
    package let application: InsetApplication
    /// The transport.
    public let http: HTTPServer

    /// Creates a stopped server whose application serves the static `files` besides its routes.
    public init(
        http configuration: HTTPServerConfiguration, service: ServiceConfiguration, files: StaticFiles = StaticFiles()
    ) {
        var transport = configuration
        transport.maxBodyBytes = service.maxBodyBytes
        application = buildApplication(service, files: files)
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
    ///
    /// The exit keeps to `timeout`: no worker ever waits for Redis (an answer that does, waits suspended), so the
    /// drain ends by `timeout` less `stopReserve`, and what remains is for the answers still waiting then, each
    /// the one its route chose for a stopping server (`HTTPPendingResponse`), to be sent.
    @discardableResult
    public func shutdown(timeout: Double) -> Bool {
        application.beginDraining()
        http.beginDraining()
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started.advanced(by: .milliseconds(Int64(max(0, timeout) * 1000)))
        let drained = deadline.advanced(by: .milliseconds(-Int64(min(Self.stopReserve, max(0, timeout) / 4) * 1000)))
        // Idle keep-alive connections would hold on until their timeout; after a short grace with no request
        // in flight they are closed, since nothing is lost by closing an idle connection.
        let grace = started.advanced(by: .milliseconds(Int64(min(0.5, max(0, timeout)) * 1000)))
        while clock.now < drained {
            if http.openConnections == 0 { break }
            if http.requestsInFlight == 0 && clock.now >= grace { break }
            usleep(5_000)
        }
        let clean = http.requestsInFlight == 0
        http.stop(answerWait: Self.seconds(deadline - clock.now))
        // The last lines, within what is left of the timeout: a reader that stopped reading cannot hold the exit.
        application.log.flush(within: Self.seconds(deadline - clock.now))
        return clean
    }

    /// Seconds of the shutdown timeout kept, at most, for answering the requests still waiting when the drain
    /// ends (a quarter of the timeout when that is less).
    static let stopReserve = 0.5

    /// A duration in seconds, 0 when negative.
    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(0, Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }
}
