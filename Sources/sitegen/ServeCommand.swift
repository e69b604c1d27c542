import Foundation
import Serve
import SiteKit
import Support

enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Build the site, then serve the output folder on this machine for a preview.",
        usage: "sitegen serve [--site DIR] [--output DIR] [--port 8000] [--host 127.0.0.1] [--drafts] [--future] [--serve-dotfiles] [--verbose]",
        options: BuildCommand.spec.options.filter { ["--site", "--output", "--drafts", "--future", "--verbose"].contains($0.name) } + [
            OptionSpec(name: "--port", valueName: "N", help: "The port to listen on (default: 8000; 0 picks a free one)."),
            OptionSpec(name: "--host", valueName: "HOST", help: "The address to listen on (default: 127.0.0.1, this machine only)."),
            OptionSpec(name: "--serve-dotfiles", valueName: nil,
                       help: "Also serve files and folders whose names start with '.' (default: 404, except under /.well-known/)."),
        ],
        notes: """
            Content/ and Themes/ are watched: a saved change rebuilds the site (only files whose bytes \
            changed are written) and open pages reload themselves. A failed rebuild shows its errors \
            in the browser until the next good one; the server keeps running. An output folder deleted \
            while serving is written again whole.
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
        guard siteRoot(arguments, terminal: terminal) != nil else { return ExitCode.contentError }
        // Listen before building: a port another program holds fails now, not after a long build.
        let listener: HTTPListener
        do {
            listener = try HTTPListener(host: host, port: port)
        } catch {
            let advice = error.isAddressInUse ? "; stop it, or choose another port with --port (--port 0 picks a free one)" : ""
            terminal.err("sitegen serve: error: \(error)\(advice)")
            return ExitCode.contentError
        }
        guard let options = BuildCommand.build(arguments, terminal: terminal) else {
            listener.close()
            return ExitCode.contentError
        }
        let server: StaticFileServer
        let liveReload = LiveReload()
        do {
            server = try StaticFileServer(root: options.output, listener: listener, htmlTransform: liveReload.transform,
                                          routes: [LiveReload.eventsPath: liveReload.respond],
                                          dotFiles: arguments.has("--serve-dotfiles") ? .all : .wellKnownOnly)
            port = try server.start()
        } catch {
            listener.close()
            terminal.err("sitegen serve: error: \(error)")
            return ExitCode.contentError
        }
        let layout = SiteLayout(root: options.siteRoot)
        let shown = layout.displayPath(options.output)
        let urlHost = host.contains(":") ? "[\(host)]" : host
        let diagnostics = printer(arguments, terminal: terminal, siteRoot: options.siteRoot)
        let rebuilds = PreviewRebuilds(options: options, shownOutput: shown, liveReload: liveReload, diagnostics: diagnostics,
                                       terminal: terminal)
        let watcher = FolderWatcher(folders: [layout.content, layout.themes]) { rebuilds.afterChange($0) }
        watcher.start()
        rebuilds.fill()
        // Watching the output for its own deletion would also see every rebuild's writes;
        // its marker is checked instead, twice a second.
        let outputCheck = DispatchSource.makeTimerSource(queue: .global())
        outputCheck.schedule(deadline: .now() + 0.5, repeating: 0.5)
        outputCheck.setEventHandler { rebuilds.ifOutputWasDeleted() }
        outputCheck.resume()
        let interrupts = InterruptCatcher()
        // Said once the watcher runs and Ctrl-C is caught: from here on, every save is seen,
        // and a Ctrl-C sent as soon as this line is read stops the server.
        terminal.out("Serving \(shown)/ at http://\(urlHost):\(port)/ (Ctrl-C to stop)")
        interrupts.wait()
        outputCheck.cancel()
        watcher.stop()
        liveReload.stop()
        // Ctrl-C ends serve within a second: a response still being written (a download the
        // client stopped reading) gets a moment, not the library's default two seconds.
        server.stop(grace: 0.3)
        terminal.out("Stopped.")
        return ExitCode.success
    }
}

/// The rebuilds of one `serve` session, one at a time: the watcher's thread calls after an
/// edit, the output check when the output folder was deleted.
///
/// The render cache skips pages whose inputs did not change, trusting their files to be in
/// the output still; once the output folder is gone (its marker with it), that trust is
/// wrong, so the cache is dropped and the rebuild writes the whole site.
final class PreviewRebuilds: @unchecked Sendable {
    private let options: SiteBuilder.Options
    private let shownOutput: String
    private let liveReload: LiveReload
    private let diagnostics: DiagnosticPrinter
    private let terminal: Terminal
    private let marker: String
    private let lock = NSLock()
    /// What rebuilds keep from one to the next; guarded by `lock`, like the next two.
    private var cache = RebuildCache()
    /// What the watcher saw change since the last rebuild that succeeded; `unknown` until
    /// the first (``fill()``).
    private var changes = SourceChanges.unknown
    /// A rebuild after the output was deleted failed: the output check waits for an edit
    /// rather than fail again twice a second.
    private var failedWhileDeleted = false

    init(options: SiteBuilder.Options, shownOutput: String, liveReload: LiveReload, diagnostics: DiagnosticPrinter, terminal: Terminal) {
        self.options = options
        self.shownOutput = shownOutput
        self.liveReload = liveReload
        self.diagnostics = diagnostics
        self.terminal = terminal
        marker = options.output.appendingPathComponent(OutputWriter.markerName).path
    }

    /// Fills the cache, once the watcher runs, so that the first edit is as quick as the
    /// rest: a save from here on is among the watcher's changes.
    func fill() {
        lock.withLock {
            if (try? SiteBuilder(options: options).rebuildInPlace(cache: cache, changes: .unknown)) != nil { changes = .none }
        }
    }

    private var outputIsDeleted: Bool { FileStatus.of(marker) == nil }

    func afterChange(_ seen: SourceChanges) {
        lock.withLock {
            changes.formUnion(seen)
            rebuild()
        }
    }

    func ifOutputWasDeleted() {
        lock.withLock {
            if outputIsDeleted && !failedWhileDeleted { rebuild() }
        }
    }

    /// One rebuild; called with `lock` held, so rebuilds never overlap.
    private func rebuild() {
        let deleted = outputIsDeleted
        if deleted {
            cache = RebuildCache()
            changes = .unknown
            terminal.out("\(shownOutput)/ was deleted; writing the whole site again")
        }
        do {
            let (summary, written) = try SiteBuilder(options: options).rebuildInPlace(cache: cache, changes: changes)
            // A failed rebuild keeps them: the next one looks at them again.
            changes = .none
            failedWhileDeleted = false
            diagnostics.print(summary.warnings)
            liveReload.rebuilt()
            terminal.out("Rebuilt in \(duration(summary.seconds)) (\(stageTimes(summary))): \(cache.renderedUnits) of \(cache.renderedUnits + cache.skippedUnits) "
                         + "pages and feeds rendered, \(counted(written.written.count, "file")) written, \(written.removed.count) removed")
        } catch {
            failedWhileDeleted = deleted
            diagnostics.print(error.diagnostics)
            liveReload.failed(error.diagnostics.filter { $0.severity == .error })
            terminal.err(deleted ? "sitegen: rebuild failed; the browser shows the errors, and \(shownOutput)/ stays missing until a rebuild succeeds"
                                 : "sitegen: rebuild failed; the browser shows the errors, and the output keeps the last good build")
        }
    }
}

/// The write end of ``InterruptCatcher``'s pipe, for its signal handler, which may do little
/// more than write(2) and can capture nothing.
nonisolated(unsafe) private var interruptWriteEnd: Int32 = -1

/// SIGINT and SIGTERM no longer end the process from `init` on; ``wait()`` returns when
/// one comes. The handler is in place when `init` returns (a dispatch signal source is
/// registered later, on another thread, and a Ctrl-C sent in between was lost).
private struct InterruptCatcher {
    private let readEnd: Int32

    init() {
        // A client that goes away mid-response must not end the server.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without a pipe the signals keep their default: they end the process.
            readEnd = -1
            return
        }
        readEnd = ends[0]
        interruptWriteEnd = ends[1]
        var caught = sigset_t()
        sigemptyset(&caught)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(interruptWriteEnd, &byte, 1)
            }
            sigaddset(&caught, number)
        }
        // A parent may start this process with the signals blocked (a test runner's worker
        // thread does); one that came already is pending, and is handled now.
        pthread_sigmask(SIG_UNBLOCK, &caught, nil)
    }

    func wait() {
        guard readEnd >= 0 else {
            while true { pause() }
        }
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
    }
}
