import Foundation
import Support

/// Where the one build skeleton (``SiteBuilder``) puts what it renders: a full build's
/// staging folder, swapped in at the end, or a preview server's in-place sync.
protocol BuildOutput {
    associatedtype Changes
    /// Hands each rendered file over, from every core.
    var sink: RenderedFileSink { get }
    var rebuildCache: RebuildCache? { get }
    func begin(_ writer: OutputWriter, staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic)
    /// Puts the site in the output folder, once everything rendered and every link holds.
    func finish(_ rendering: RenderedSite, staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) -> Changes
    /// After a failure: undoes what `begin` and the sink did; the output folder is as it was.
    func abandon()
    func filesWritten(_ changes: Changes) -> Int
}

/// `sitegen build`: pages go into a staging folder beside the output as they are rendered,
/// and the staging folder replaces the output at the end.
final class StagedOutput: BuildOutput, @unchecked Sendable {
    private var staging: OutputStaging?
    var rebuildCache: RebuildCache? { nil }

    var sink: RenderedFileSink {
        let staging = self.staging
        return { file throws(Diagnostic) in try staging?.write(file) }
    }

    func begin(_ writer: OutputWriter, staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) {
        staging = try writer.begin(staticFiles: staticFiles)
    }

    func finish(_ rendering: RenderedSite, staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) -> Int {
        try staging?.finish() ?? 0
    }

    func abandon() { staging?.discard() }

    func filesWritten(_ changes: Int) -> Int { changes }
}

/// `sitegen serve`'s rebuilds: pages are kept in memory, then only the files whose bytes
/// changed are written into the output folder, and the files the site no longer has removed.
final class InPlaceOutput: BuildOutput, @unchecked Sendable {
    let output: URL
    let rebuildCache: RebuildCache?
    private let files = SitePages.Collected()
    /// The output as the build's writer sees it: its name, what it keeps, its size limit.
    private var writer: OutputWriter?

    init(output: URL, cache: RebuildCache?) {
        self.output = output
        rebuildCache = cache
    }

    var sink: RenderedFileSink { files.sink }

    func begin(_ writer: OutputWriter, staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) {
        self.writer = writer
    }

    func finish(_ rendering: RenderedSite, staticFiles: [OutputWriter.StaticFile]) throws(Diagnostic) -> OutputSync.Changes {
        let files = self.files.byPath
        var sync = OutputSync(output: output, displayName: writer?.displayName ?? output.lastPathComponent)
        sync.kept = writer?.kept ?? sync.kept
        sync.byteLimit = writer?.byteLimit ?? sync.byteLimit
        sync.copies = rebuildCache?.copies
        sync.sizes = rebuildCache?.sizes
        let changes = try sync.apply(files, otherGenerated: rendering.paths.subtracting(files.map(\.path)), staticFiles: staticFiles)
        // The cache counts only once the files are in the output.
        rebuildCache?.render.commit(units: rendering.paths, bodies: rendering.bodyFiles)
        return changes
    }

    func abandon() { rebuildCache?.render.rollback() }

    func filesWritten(_ changes: OutputSync.Changes) -> Int { changes.written.count }
}
