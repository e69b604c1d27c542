import Foundation
import Support

/// The folders a build keeps beside the output (`.Output.sitegen-new-PID` while it renders,
/// `.Output.sitegen-old-PID` for a moment during a swap where folders cannot be exchanged),
/// as a later build finds them when the build that made them was killed.
struct StagingFolders {
    var writer: OutputWriter

    private struct Leftover {
        var url: URL
        var isSavedOutput: Bool
    }

    /// Folders of builds whose process is gone that are sitegen's: empty, or holding the marker.
    private func leftovers() -> [Leftover] {
        StaleFolders.find(in: writer.parent, prefix: writer.stagingPrefix, marker: OutputWriter.markerName).map { url in
            Leftover(url: url, isSavedOutput: url.lastPathComponent.dropFirst(writer.stagingPrefix.count).hasPrefix("old-"))
        }
    }

    /// Puts back the output a build saved aside when it was killed between the two renames
    /// of a swap, and removes what killed builds left, carrying kept files (`.git`) they
    /// held back into the output first. Returns a warning saying what was restored.
    func tidy() -> Diagnostic? {
        var restored: Diagnostic?
        var found = leftovers()
        if FileStatus.ofLink(writer.output.path) == nil, let saved = found.last(where: \.isSavedOutput) {
            if rename(saved.url.path, writer.output.path) == 0 {
                found.removeAll { $0.url == saved.url }
                restored = .warning(writer.displayName, nil,
                    "the output folder was missing: a build was stopped while it replaced it; the previous output is restored from \(saved.url.lastPathComponent)")
            }
        }
        let hasOutput = FileStatus.ofLink(writer.output.path) != nil
        for leftover in found where hasOutput || !leftover.isSavedOutput {
            if hasOutput { _ = KeptFiles(kept: writer.kept).carry(from: leftover.url.path, into: writer.output.path) }
            try? FileManager.default.removeItem(at: leftover.url)
        }
        return restored
    }
}

/// The staging folders of the builds in this process, for Ctrl-C and SIGTERM: the handler
/// removes them before the process ends, and waits for a swap in progress to finish.
public final class InterruptedBuilds: @unchecked Sendable {
    public static let shared = InterruptedBuilds()

    private let lock = NSLock()
    private var folders: Set<String> = []

    func register(_ folder: String) {
        lock.withLock { _ = folders.insert(folder) }
    }

    func unregister(_ folder: String) {
        lock.withLock { _ = folders.remove(folder) }
    }

    /// Runs the swap of `folder` with the handler held off, so an interrupt finds the old
    /// output or the new; the folder is no longer the handler's to remove.
    func whileSwapping<E: Error>(_ folder: String, _ body: () throws(E) -> Void) throws(E) {
        lock.lock()
        defer { lock.unlock() }
        folders.remove(folder)
        try body()
    }

    /// Removes every registered staging folder; true when there was one (a build was
    /// interrupted before its swap, so the output folder is as it was). Each is renamed
    /// first, so render threads still writing find no folder to write into.
    public func removeAll() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        for folder in folders {
            let trash = folder.replacingOccurrences(of: "sitegen-new-", with: "sitegen-trash-")
            let target = rename(folder, trash) == 0 ? trash : folder
            // A write that looked the path up just before the rename may still add a file
            // while the folder is emptied; the removal is tried again until it is gone.
            for _ in 0..<50 where FileStatus.ofLink(target) != nil {
                try? FileManager.default.removeItem(atPath: target)
                if FileStatus.ofLink(target) != nil { usleep(10_000) }
            }
        }
        defer { folders.removeAll() }
        return !folders.isEmpty
    }
}
