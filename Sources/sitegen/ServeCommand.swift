import Foundation
import Serve
import SiteKit

enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Build the site, then serve the output folder on this machine for a preview.",
        usage: "sitegen serve [--site DIR] [--output DIR] [--port 8000] [--host 127.0.0.1] [--drafts] [--verbose]",
        options: BuildCommand.spec.options.filter { ["--site", "--output", "--drafts", "--verbose"].contains($0.name) } + [
            OptionSpec(name: "--port", valueName: "N", help: "The port to listen on (default: 8000; 0 picks a free one)."),
            OptionSpec(name: "--host", valueName: "HOST", help: "The address to listen on (default: 127.0.0.1, this machine only)."),
        ],
        notes: """
            Content/ and Themes/ are watched: a saved change rebuilds the site (only files whose bytes \
            changed are written) and open pages reload themselves. A failed rebuild shows its errors \
            in the browser until the next good one; the server keeps running.
            """)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        var port: UInt16 = 8000
        if let text = arguments.value("--port") {
            guard let value = UInt16(text) else {
                terminal.err("sitegen serve: error: --port needs a whole number from 0 to 65535, not '\(text)'")
                return ExitCode.usage
            }
            port = value
        }
        let host = arguments.value("--host") ?? "127.0.0.1"
        guard let options = BuildCommand.build(arguments, terminal: terminal) else { return ExitCode.contentError }
        let server: StaticFileServer
        let liveReload = LiveReload()
        do {
            server = try StaticFileServer(root: options.output, host: host, port: port, htmlTransform: liveReload.transform,
                                          routes: [LiveReload.eventsPath: liveReload.respond])
            port = try server.start()
        } catch {
            terminal.err("sitegen serve: error: \(error)")
            return ExitCode.contentError
        }
        let layout = SiteLayout(root: options.siteRoot)
        let shown = layout.displayPath(options.output)
        let urlHost = host.contains(":") ? "[\(host)]" : host
        // What rebuilds keep from one to the next; filled now, so the first edit is as quick as the rest.
        let cache = RenderCache()
        _ = try? SiteBuilder(options: options).rebuildInPlace(cache: cache)
        let diagnostics = printer(arguments, terminal: terminal, siteRoot: options.siteRoot)
        let watcher = FolderWatcher(folders: [layout.content, layout.themes]) {
            rebuild(options, cache: cache, liveReload: liveReload, diagnostics: diagnostics, terminal: terminal)
        }
        watcher.start()
        // Said once the watcher runs: from here on, every save is seen.
        terminal.out("Serving \(shown)/ at http://\(urlHost):\(port)/ (Ctrl-C to stop)")
        waitForInterrupt()
        watcher.stop()
        liveReload.stop()
        server.stop()
        terminal.out("Stopped.")
        return ExitCode.success
    }

    /// One rebuild after a change, on the watcher's thread (so rebuilds never overlap).
    private static func rebuild(_ options: SiteBuilder.Options, cache: RenderCache, liveReload: LiveReload,
                                diagnostics: DiagnosticPrinter, terminal: Terminal) {
        do {
            let (summary, changes) = try SiteBuilder(options: options).rebuildInPlace(cache: cache)
            diagnostics.print(summary.warnings)
            liveReload.rebuilt()
            terminal.out("Rebuilt in \(duration(summary.seconds)) (\(stageTimes(summary))): \(cache.renderedUnits) of \(cache.renderedUnits + cache.skippedUnits) "
                         + "pages and feeds rendered, \(counted(changes.written.count, "file")) written, \(changes.removed.count) removed")
        } catch {
            diagnostics.print(error.diagnostics)
            liveReload.failed(error.diagnostics.filter { $0.severity == .error })
            terminal.err("sitegen: rebuild failed; the browser shows the errors, and the output keeps the last good build")
        }
    }

    /// Blocks until SIGINT or SIGTERM, which then no longer end the process at once.
    private static func waitForInterrupt() {
        // A client that goes away mid-response must not end the server.
        signal(SIGPIPE, SIG_IGN)
        let interrupted = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { interrupted.signal() }
            source.resume()
            return source
        }
        interrupted.wait()
        sources.forEach { $0.cancel() }
    }
}
