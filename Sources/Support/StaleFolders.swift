import Foundation

/// Folders a sitegen process keeps beside what it writes while it works, named with its
/// process id (`.Output.sitegen-new-PID` for a build, `.site.sitegen-import-PID` for an
/// import) and marked as sitegen's by a file inside. A process killed with `kill -9`
/// cannot remove its own; the next one finds them here.
package enum StaleFolders {
    /// The folders in `parent` whose name starts with `prefix` and ends with `-PID` for a
    /// process that is gone, that are sitegen's: holding the file `marker`, or empty. Sorted
    /// by name; a folder whose process still runs (another build, this one) is never listed.
    package static func find(in parent: URL, prefix: String, marker: String) -> [URL] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: parent.path) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasPrefix(prefix),
                  let pid = name.split(separator: "-").last.flatMap({ pid_t($0) }), pid > 0, !isRunning(pid) else { return nil }
            let url = parent.appendingPathComponent(name)
            let owned = fm.fileExists(atPath: url.appendingPathComponent(marker).path)
                || ((try? fm.contentsOfDirectory(atPath: url.path))?.isEmpty ?? false)
            return owned ? url : nil
        }
    }

    /// A process running beside this one keeps its folder (a pid taken by another program
    /// since only delays the clean-up).
    package static func isRunning(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }
}
