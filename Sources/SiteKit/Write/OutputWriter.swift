import Foundation
import Support

/// The write stage: builds the whole output in a staging folder beside the output folder
/// and swaps it in only when every file was written, so a failed build leaves the previous
/// output exactly as it was.
///
/// It only ever replaces a folder that is empty or carries the marker file it writes (or
/// holds nothing but kept files, such as a fresh gh-pages worktree's `.git`), so a
/// mistaken `--output ~` cannot wipe a home folder.
public struct OutputWriter: Sendable {
    /// Written into every output folder sitegen makes, first thing, so even a staging folder
    /// of a killed build is recognisably sitegen's.
    public static let markerName = KeptPaths.outputMarker

    var output: URL
    /// How messages name the output folder (`Output/`).
    var displayName: String
    /// What a build carries over from the old output: `.git` and the `keep:` setting.
    var kept = KeptPaths()
    /// The most bytes the generated files may hold (`limits: output_bytes`).
    var byteLimit = OutputLimits.outputBytesFloor
    /// Where a full build records the static files it copied, so that the next one links
    /// the unchanged ones from the old output (``StaticCopyRecord``); nil copies every one.
    var copyRecord: URL?

    init(output: URL, displayName: String) {
        self.output = output.standardizedFileURL
        self.displayName = displayName
    }

    var parent: URL { output.deletingLastPathComponent() }
    var stagingPrefix: String { ".\(output.lastPathComponent).sitegen-" }

    /// Fails if the output folder exists, is not empty and was not made by sitegen.
    func checkReplaceable() throws(Diagnostic) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: output.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw .error(displayName, nil, "output path exists and is not a folder; refusing to replace it")
        }
        if fm.fileExists(atPath: output.appendingPathComponent(Self.markerName).path) { return }
        let entries = (try? fm.contentsOfDirectory(atPath: output.path)) ?? ["?"]
        if !Set(entries).isSubset(of: kept.topLevelNames) {
            throw .error(displayName, nil,
                         "output folder is not empty and was not made by sitegen (it has no \(Self.markerName) file); refusing to replace it: choose another --output or empty it yourself")
        }
    }

    /// Starts a new output: a staging folder beside the output, marked as sitegen's before
    /// anything else goes in, which receives the generated files as they are rendered
    /// (``OutputStaging/write(_:)``) and the static files at the end
    /// (``OutputStaging/finish()``), then replaces the output.
    func begin(staticFiles: [StaticFile]) throws(Diagnostic) -> OutputStaging {
        if let marker = staticFiles.first(where: { $0.relative == Self.markerName }) {
            throw .error(marker.displayName, nil, "static file would replace sitegen's output marker; rename or remove it")
        }
        try checkReplaceable()
        let staging = parent.appendingPathComponent(stagingPrefix + "new-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        guard mkdir(staging.path, 0o755) == 0 else {
            throw .error(displayName, nil, "cannot create a staging folder beside the output: \(String(cString: strerror(errno)))")
        }
        InterruptedBuilds.shared.register(staging.path)
        guard FileWriting.write(UnsafeBufferPointer(start: nil, count: 0), to: staging.path + "/" + Self.markerName) else {
            let reason = String(cString: strerror(errno))
            InterruptedBuilds.shared.unregister(staging.path)
            try? FileManager.default.removeItem(at: staging)
            throw .error(displayName, nil, "cannot write the output marker: \(reason)")
        }
        return OutputStaging(writer: self, folder: staging, staticFiles: staticFiles)
    }

    /// Replaces the output with `staging`, carrying the kept files over. Where the file
    /// system can exchange two folders in one step there is no moment without an output
    /// folder; elsewhere the old one is renamed aside first. Every failure says where things are.
    func swapIn(_ staging: URL) throws(Diagnostic) {
        try InterruptedBuilds.shared.whileSwapping(staging.path) { () throws(Diagnostic) in
            guard FileStatus.ofLink(output.path) != nil else {
                guard rename(staging.path, output.path) == 0 else {
                    throw .error(displayName, nil, "cannot move the new output into place: \(String(cString: strerror(errno)))")
                }
                return
            }
            let carried = KeptFiles(kept: kept).carry(from: output.path, into: staging.path)
            if FolderExchange.exchange(staging.path, output.path) {
                // The staging name now holds the old output; a kill here leaves it to the next build.
                try? FileManager.default.removeItem(at: staging)
                return
            }
            if errno != EINVAL && errno != ENOSYS && errno != ENOTSUP {
                let reason = String(cString: strerror(errno))
                KeptFiles.putBack(carried, from: staging.path, into: output.path)
                throw .error(displayName, nil, "cannot swap the new output in: \(reason)")
            }
            try renameTwice(staging, carried: carried)
        }
    }

    /// The swap where folders cannot be exchanged: the old output aside, the new one in.
    private func renameTwice(_ staging: URL, carried: [String]) throws(Diagnostic) {
        let old = parent.appendingPathComponent(stagingPrefix + "old-\(getpid())")
        guard rename(output.path, old.path) == 0 else {
            let reason = String(cString: strerror(errno))
            KeptFiles.putBack(carried, from: staging.path, into: output.path)
            throw .error(displayName, nil, "cannot move the previous output aside: \(reason)")
        }
        guard rename(staging.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            guard rename(old.path, output.path) == 0 else {
                throw .error(displayName, nil, "cannot move the new output into place: \(reason); the previous output is in \(old.lastPathComponent) beside it, and the next build puts it back")
            }
            KeptFiles.putBack(carried, from: staging.path, into: output.path)
            throw .error(displayName, nil, "cannot move the new output into place: \(reason)")
        }
        try? FileManager.default.removeItem(at: old)
    }
}
