import Foundation
import Support

/// Carries the kept paths (`.git`, `keep:`) from one folder into another by renaming, so a
/// gh-pages worktree's history costs nothing to keep. A path the new folder already has is
/// the site's own file, and the site's wins.
struct KeptFiles {
    var kept: KeptPaths

    /// Moves each kept path that `source` has and `destination` lacks; returns those moved.
    func carry(from source: String, into destination: String) -> [String] {
        var moved: [String] = []
        for path in kept.paths where FileStatus.ofLink(source + "/" + path) != nil && FileStatus.ofLink(destination + "/" + path) == nil {
            guard Self.makeParents(of: path, in: destination), rename(source + "/" + path, destination + "/" + path) == 0 else { continue }
            moved.append(path)
        }
        return moved
    }

    /// Undoes ``carry(from:into:)`` after a swap that did not happen.
    static func putBack(_ moved: [String], from destination: String, into source: String) {
        for path in moved where makeParents(of: path, in: source) {
            _ = rename(destination + "/" + path, source + "/" + path)
        }
    }

    /// The folders above `path` in `root`, made where missing; false when one of them is
    /// something else (a file of the site, a link), and the kept path then yields.
    private static func makeParents(of path: String, in root: String) -> Bool {
        var folder = root
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            switch FileStatus.ofLink(folder)?.kind {
            case .folder?: continue
            case nil: guard mkdir(folder, 0o755) == 0 else { return false }
            default: return false
            }
        }
        return true
    }
}
