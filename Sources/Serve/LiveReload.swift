import Foundation
import Support

/// What the preview server tells browsers about rebuilds, over Server-Sent Events.
///
/// Every served HTML page gets a small script (never written into the output files) that
/// opens ``eventsPath``. The stream first sends the current build's number, then a new
/// number after each rebuild; a page reloads when the number differs from the one it
/// started with. While the last rebuild failed, every HTML page is replaced by an error
/// page with each problem's `file:line:col` and message; it has the script too, so fixing
/// the file brings the page back by itself.
package final class LiveReload: @unchecked Sendable {
    package static let eventsPath = "/_sitegen/live-reload"

    /// Guards `generation`, `problems`, `stopped` and `openStreams`.
    private let condition = NSCondition()
    private var generation = 1
    private var problems: [Diagnostic]?
    private var stopped = false
    private var openStreams = 0
    /// How often an idle stream sends a comment, so a closed browser tab is noticed.
    private let keepAliveSeconds: Double
    /// Streams open at once; each holds a connection and its thread.
    let maxStreams: Int
    /// Seconds a stream lasts before the server ends it; the browser reconnects (after the
    /// `retry` the stream set), so a client that vanished without a word holds its thread
    /// this long at most, even when the keep-alive comments still fit in the socket's buffer.
    let streamLifetime: Double

    package init(keepAliveSeconds: Double = 15, maxStreams: Int = 64, streamLifetime: Double = 300) {
        self.keepAliveSeconds = keepAliveSeconds
        self.maxStreams = maxStreams
        self.streamLifetime = streamLifetime
    }

    /// A rebuild succeeded: pages reload.
    package func rebuilt() {
        update { $0.problems = nil }
    }

    /// A rebuild failed: pages show `problems` until the next success.
    package func failed(_ problems: [Diagnostic]) {
        update { $0.problems = problems }
    }

    /// Ends every stream (the server is stopping).
    package func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func update(_ change: (LiveReload) -> Void) {
        condition.lock()
        change(self)
        generation += 1
        condition.broadcast()
        condition.unlock()
    }

    var buildNumber: Int {
        condition.lock()
        defer { condition.unlock() }
        return generation
    }

    /// The script served pages get, before `</body>`.
    static let script = """
        <script>(function () {
          var first = null, events = null;
          function listen() {
            events = new EventSource("\(eventsPath)");
            events.onmessage = function (event) {
              if (first === null) { first = event.data; } else if (event.data !== first) { location.reload(); }
            };
          }
          listen();
          // A page the browser keeps for Back lets its stream go: six held streams would take
          // every connection the browser opens to the server, and the next page would hang.
          window.addEventListener("pagehide", function () { if (events) { events.close(); events = null; } });
          window.addEventListener("pageshow", function (event) { if (event.persisted && !events) { listen(); } });
        })();</script>
        """

    /// For the server's `htmlTransform`: the page with the script, or the error page.
    package func transform(_ html: String) -> String {
        condition.lock()
        let problems = self.problems
        condition.unlock()
        if let problems { return Self.errorPage(problems) }
        guard let body = html.range(of: "</body>", options: .backwards) else { return html + Self.script }
        return html.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: Self.script + "\n")
    }

    static func errorPage(_ problems: [Diagnostic]) -> String {
        let items = problems.map { problem in
            "<li><code>\(HTMLText.escaped(problem.headline))</code>"
                + problem.notes.map { "<br><code>\(HTMLText.escaped($0.headline))</code>" }.joined() + "</li>"
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Build failed – sitegen</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
            code{font:14px/1.4 ui-monospace,monospace;white-space:pre-wrap}li{margin:.6rem 0}</style></head>
            <body><h1>The site did not build</h1>
            <p>Fix the problems below and save: this page reloads by itself. The last good build is still in the output folder.</p>
            <ul class="sitegen-problems">
            \(items)
            </ul>
            \(script)
            </body></html>

            """
    }

    /// The route for ``eventsPath``: the current build number, then every new one, until
    /// the stream's lifetime ends; 503 beyond ``maxStreams`` open streams.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" else {
            var headers = HTTPHeaders()
            headers.add("Allow", "GET")
            return .page(.methodNotAllowed, "The live-reload event stream is read with GET.", headers: headers)
        }
        guard let slot = StreamSlot(self) else {
            var headers = HTTPHeaders()
            headers.add("Retry-After", "10")
            return .page(.serviceUnavailable, "Too many live-reload connections: \(maxStreams) pages already listen to this "
                         + "preview server. Close some tabs and reload this one to have it reload itself again.", headers: headers)
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/event-stream")
        headers.add("Cache-Control", "no-cache")
        return HTTPResponse(status: .ok, headers: headers, body: .stream { [self] write in
            // The slot is freed when this closure is, however the connection ends.
            withExtendedLifetime(slot) { stream(until: Date().addingTimeInterval(streamLifetime), write) }
        })
    }

    private func stream(until end: Date, _ write: (Data) -> Bool) {
        var sent = 0
        while true {
            condition.lock()
            while generation == sent && !stopped && Date() < end {
                if !condition.wait(until: min(end, Date().addingTimeInterval(keepAliveSeconds))) { break }
            }
            let (current, isStopped) = (generation, stopped)
            condition.unlock()
            if isStopped || Date() >= end { return }
            let message = current == sent ? ": keep-alive\n\n" : "retry: 1000\ndata: \(current)\n\n"
            guard write(Data(message.utf8)) else { return }
            sent = current
        }
    }

    /// One of the ``maxStreams`` places, taken while it exists.
    private final class StreamSlot: Sendable {
        let owner: LiveReload

        init?(_ owner: LiveReload) {
            let taken: Bool = owner.condition.withLock {
                guard owner.openStreams < owner.maxStreams else { return false }
                owner.openStreams += 1
                return true
            }
            guard taken else { return nil }
            self.owner = owner
        }

        deinit {
            owner.condition.withLock { owner.openStreams -= 1 }
        }
    }
}
