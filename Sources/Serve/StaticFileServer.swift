import Foundation

/// Serves a folder over HTTP/1.1: an accept loop on its own thread and a thread per
/// connection (a blocked read holds a thread, so Dispatch's bounded pool would starve).
///
/// `htmlTransform` rewrites served HTML (not the files), and `routes` answer exact paths
/// before the files: the hooks for a live-reload script and its event stream.
public final class StaticFileServer: @unchecked Sendable {
    public let responder: StaticFileResponder
    public let host: String
    /// Seconds a connection may sit idle between requests.
    public let idleTimeout: Double
    public static let backlog: Int32 = 512

    private let requestedPort: UInt16
    private let lock = NSLock()
    private var listener: Socket?
    private var boundPort: UInt16?
    private var connections: Set<Socket> = []
    private var stopping = false
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    private let connectionsEnded = DispatchGroup()

    public init(root: URL, host: String = "127.0.0.1", port: UInt16 = 8000,
                htmlTransform: StaticFileResponder.HTMLTransform? = nil,
                routes: [String: StaticFileResponder.Handler] = [:], idleTimeout: Double = 5) throws(ServeError) {
        responder = StaticFileResponder(resolver: try StaticFileResolver(root: root), htmlTransform: htmlTransform, routes: routes)
        self.host = host
        requestedPort = port
        self.idleTimeout = idleTimeout
    }

    /// The port listened on (the system's pick for port 0); nil before `start()`.
    public var port: UInt16? {
        lock.withLock { boundPort }
    }

    /// Binds and starts accepting on a thread of its own; returns the port.
    @discardableResult
    public func start() throws(ServeError) -> UInt16 {
        if let port = self.port { throw ServeError("the server already listens on port \(port)") }
        let (socket, port) = try Socket.listening(host: host, port: requestedPort, backlog: Self.backlog)
        lock.withLock {
            listener = socket
            boundPort = port
        }
        let thread = Thread { [self] in acceptLoop(socket) }
        thread.name = "sitegen serve: accept"
        thread.start()
        return port
    }

    /// Stops accepting, ends idle connections, lets responses being written finish (for up to
    /// `grace` seconds), and returns when the port is free.
    public func stop(grace: Double = 2) {
        let listening: Bool = lock.withLock {
            guard !stopping, listener != nil else { return false }
            stopping = true
            for connection in connections { connection.shutdownReading() }
            return true
        }
        guard listening else { return }
        acceptLoopEnded.wait()
        _ = connectionsEnded.wait(timeout: .now() + grace)
    }

    private func acceptLoop(_ listener: Socket) {
        while !lock.withLock({ stopping }) {
            guard let client = listener.accept(waitingAtMost: 100) else { continue }
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
            let thread = Thread { [self] in serve(client) }
            thread.name = "sitegen serve: connection"
            thread.start()
        }
        listener.close()
        acceptLoopEnded.signal()
    }

    private func serve(_ client: Socket) {
        client.setTimeouts(read: idleTimeout, write: 30)
        HTTPConnection(socket: client, respond: responder.respond).run()
        lock.withLock { _ = connections.remove(client) }
        client.close()
        connectionsEnded.leave()
    }
}
