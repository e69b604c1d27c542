import Foundation

/// Serves a folder over HTTP/1.1: an accept loop on its own thread and a thread per
/// connection (a blocked read holds a thread, so Dispatch's bounded pool would starve).
///
/// `htmlTransform` rewrites served HTML (not the files), and `routes` answer exact paths
/// before the files: the hooks for a live-reload script and its event stream. Requests
/// whose `Host` is not a name of this machine are refused (``HostCheck``).
package final class StaticFileServer: @unchecked Sendable {
    let responder: StaticFileResponder
    let host: String
    /// Seconds a connection may sit idle between requests.
    let idleTimeout: Double
    static let backlog: Int32 = 512

    private let requestedPort: UInt16
    private let hostCheck: HostCheck
    private let limits: HTTPRequestReader<Socket>.Limits
    private let spawner: ThreadSpawner
    private let lock = NSLock()
    /// Given at init, or bound by `start()`.
    private var listener: HTTPListener?
    private var started = false
    private var connections: Set<Socket> = []
    private var stopping = false
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    private let connectionsEnded = DispatchGroup()

    /// A server that binds `host:port` when started (port 0: the system picks one).
    convenience init(root: URL, host: String = "127.0.0.1", port: UInt16 = 8000,
                            htmlTransform: StaticFileResponder.HTMLTransform? = nil,
                            routes: [String: StaticFileResponder.Handler] = [:], idleTimeout: Double = 5) throws(ServeError) {
        try self.init(root: root, host: host, port: port, listener: nil, htmlTransform: htmlTransform, routes: routes,
                      idleTimeout: idleTimeout, limits: .init(), spawner: .system)
    }

    /// A server on a socket bound beforehand; it closes the listener when it stops.
    package convenience init(root: URL, listener: HTTPListener, htmlTransform: StaticFileResponder.HTMLTransform? = nil,
                            routes: [String: StaticFileResponder.Handler] = [:], idleTimeout: Double = 5,
                            dotFiles: ServedDotFiles = .wellKnownOnly) throws(ServeError) {
        try self.init(root: root, host: listener.host, port: listener.port, listener: listener, htmlTransform: htmlTransform,
                      routes: routes, idleTimeout: idleTimeout, limits: .init(), spawner: .system, dotFiles: dotFiles)
    }

    init(root: URL, host: String, port: UInt16, listener: HTTPListener?, htmlTransform: StaticFileResponder.HTMLTransform?,
         routes: [String: StaticFileResponder.Handler], idleTimeout: Double,
         limits: HTTPRequestReader<Socket>.Limits, spawner: ThreadSpawner, dotFiles: ServedDotFiles = .wellKnownOnly) throws(ServeError) {
        responder = StaticFileResponder(resolver: try StaticFileResolver(root: root, dotFiles: dotFiles), htmlTransform: htmlTransform, routes: routes)
        self.host = host
        requestedPort = port
        self.listener = listener
        self.idleTimeout = idleTimeout
        hostCheck = HostCheck(boundHost: host)
        self.limits = limits
        self.spawner = spawner
    }

    /// The port listened on (the system's pick for port 0); nil before `start()`.
    var port: UInt16? {
        lock.withLock { started ? listener?.port : nil }
    }

    /// Binds (unless bound already) and starts accepting on a thread of its own; returns the port.
    @discardableResult
    package func start() throws(ServeError) -> UInt16 {
        if let port = self.port { throw ServeError("the server already listens on port \(port)") }
        let listener: HTTPListener
        if let given = lock.withLock({ self.listener }) {
            listener = given
        } else {
            listener = try HTTPListener(host: host, port: requestedPort)
        }
        guard spawner.spawn({ [self] in acceptLoop(listener) }) else {
            listener.close()
            throw ServeError("cannot start a thread to accept connections")
        }
        lock.withLock {
            self.listener = listener
            started = true
        }
        return listener.port
    }

    /// Stops accepting, ends idle connections, lets responses being written finish (for up to
    /// `grace` seconds), and returns when the port is free.
    package func stop(grace: Double = 2) {
        let listening: Bool = lock.withLock {
            guard !stopping, started else { return false }
            stopping = true
            for connection in connections { connection.shutdownReading() }
            return true
        }
        guard listening else { return }
        acceptLoopEnded.wait()
        _ = connectionsEnded.wait(timeout: .now() + grace)
    }

    private func acceptLoop(_ listener: HTTPListener) {
        while !lock.withLock({ stopping }) {
            guard let client = listener.socket.accept(waitingAtMost: 100) else { continue }
            let accepted: Bool = lock.withLock {
                guard !stopping else { return false }
                connections.insert(client)
                connectionsEnded.enter()
                return true
            }
            guard accepted else {
                client.close()
                break
            }
            if !spawner.spawn({ [self] in serve(client) }) {
                turnAway(client)
            }
        }
        listener.close()
        acceptLoopEnded.signal()
    }

    private func serve(_ client: Socket) {
        client.setTimeouts(read: idleTimeout, write: 30)
        HTTPConnection(socket: client, respond: responder.respond, hostCheck: hostCheck, limits: limits).run()
        end(client)
    }

    /// No thread could start for the connection: a short 503 (a fresh socket's empty send
    /// buffer takes it at once), and the socket is closed rather than lost.
    private func turnAway(_ client: Socket) {
        client.setTimeouts(read: 0.1, write: 0.1)
        let page = HTTPResponse.page(.serviceUnavailable, "The server cannot start a thread for this connection now; try again in a moment.")
        if case .bytes(let body) = page.body { client.write(page.head(keepAlive: false) + body) }
        end(client)
        // Threads are short: give the open connections a moment to end, as for EMFILE.
        usleep(10_000)
    }

    private func end(_ client: Socket) {
        lock.withLock { _ = connections.remove(client) }
        client.close()
        connectionsEnded.leave()
    }
}

/// A socket bound and listening before there is anything to serve, so that a program can
/// fail at once on a port in use and only then build what it serves. Hand it to one
/// `StaticFileServer`, which closes it when it stops, or `close()` it.
package final class HTTPListener: @unchecked Sendable {
    let socket: Socket
    let host: String
    let port: UInt16
    private let lock = NSLock()
    private var isClosed = false

    package init(host: String = "127.0.0.1", port: UInt16) throws(ServeError) {
        (socket, self.port) = try Socket.listening(host: host, port: port, backlog: StaticFileServer.backlog)
        self.host = host
    }

    /// Closes the socket, once however often it is called.
    package func close() {
        let first = lock.withLock {
            defer { isClosed = true }
            return !isClosed
        }
        if first { socket.close() }
    }
}
