import Foundation

/// The folder whose files a build may read: the site. git stores symbolic links, so a pull
/// request can add `static/passwd.txt → /etc/passwd`; a link is followed only when its
/// target is a regular file inside this folder. Links to folders are not followed (a
/// loop, or a fan of links, would make the walk endless or huge): each is an error.
package struct FolderBoundary: Sendable {
    /// The folder with every link in its path resolved.
    let root: String
    /// The folder as given, where the search for the link that leads out starts.
    private let givenRoot: String

    package init(root: String) {
        givenRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        self.root = Self.resolved(givenRoot) ?? givenRoot
    }

    /// A file or folder that may not be read, and why.
    package struct Problem: Sendable, Hashable {
        /// The path as it was listed or given (the link, not its target).
        package var path: String
        package var message: String
    }

    /// The files below `folder` that may be read, as paths relative to it, with a problem
    /// for each entry that may not; `hidden` lists what was skipped for its name.
    package struct Files: Sendable {
        package var files: [String] = []
        package var problems: [Problem] = []
        package var hidden: [String] = []
        /// Those of `files` that are symbolic links (to files inside), sorted: a watcher sees
        /// an edit of the target, never of the link.
        package var links: [String] = []
    }

    func contains(resolvedPath path: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Lists `folder` (nothing when it does not exist). A link among the folder's own
    /// ancestors that leads outside is one problem, named at that link, and nothing is listed.
    package func files(below folder: String, includeHidden: Bool) -> Files {
        var result = Files()
        if let problem = problem(withFolder: folder) {
            result.problems.append(problem)
            return result
        }
        let listing = DirectoryWalker.listing(below: folder, includeHidden: includeHidden)
        result.files = listing.regularFiles
        result.hidden = listing.hidden
        for (path, reason) in listing.unreadable {
            result.problems.append(Problem(path: path.isEmpty ? folder : folder + "/" + path, message: reason))
        }
        for (path, kind) in listing.specialFiles {
            result.problems.append(Problem(path: folder + "/" + path, message: Self.notRegular(kind)))
        }
        for path in listing.symbolicLinks {
            if let problem = problem(withLink: folder + "/" + path) {
                result.problems.append(problem)
            } else {
                result.files.append(path)
                result.links.append(path)
            }
        }
        result.files.sort()
        result.problems.sort { $0.path < $1.path }
        return result
    }

    /// `last`, a listing of `folder` by ``files(below:includeHidden:)``, brought up to date
    /// for the files at `changed` (paths relative to it) by looking at those alone: each is
    /// now a regular file (listed), or gone (no longer listed). Nil when a change is of
    /// another kind (a link, a folder, a file the last listing had a problem with), for
    /// the caller to list the folder again.
    package func files(below folder: String, includeHidden: Bool, updating last: Files, changed: [String]) -> Files? {
        var result = last
        for path in changed {
            let components = path.split(separator: "/")
            // Below a hidden folder, which the walk does not enter: in no list.
            if !includeHidden, components.dropLast().contains(where: { $0.hasPrefix(".") }) { continue }
            let full = folder + "/" + path
            if last.problems.contains(where: { $0.path == full }) { return nil }
            let isHidden = !includeHidden && components.last?.hasPrefix(".") == true
            var info = stat()
            if lstat(full, &info) != 0 {
                guard errno == ENOENT || errno == ENOTDIR else { return nil }
                Self.remove(path, from: &result.files)
                Self.remove(path, from: &result.hidden)
                Self.remove(path, from: &result.links)
                continue
            }
            // A hidden entry is listed whatever it is; it is never entered.
            if isHidden {
                Self.insert(path, into: &result.hidden)
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            Self.insert(path, into: &result.files)
        }
        return result
    }

    /// Where `path` is or would be in `sorted`.
    private static func position(of path: String, in sorted: [String]) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func insert(_ path: String, into sorted: inout [String]) {
        let index = position(of: path, in: sorted)
        if index == sorted.endIndex || sorted[index] != path { sorted.insert(path, at: index) }
    }

    private static func remove(_ path: String, from sorted: inout [String]) {
        let index = position(of: path, in: sorted)
        if index != sorted.endIndex && sorted[index] == path { sorted.remove(at: index) }
    }

    /// Why the file at `path` may not be read, or nil: it is a regular file inside the
    /// folder, or does not exist (the reader reports that in its own words).
    func problem(withFile path: String) -> Problem? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK { return problem(withLink: path) }
        if let kind = RegularFile.kindName(info.st_mode), kind != "a folder" {
            return Problem(path: path, message: Self.notRegular(kind))
        }
        return problem(withFolder: path)
    }

    /// A folder whose path goes outside through a link: the problem names the first link
    /// on the way down from the root that leads out.
    package func problem(withFolder folder: String) -> Problem? {
        let standard = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard let target = Self.resolved(standard) else {
            return errno == ELOOP ? Problem(path: standard, message: "symbolic link loop: the link leads back to itself") : nil
        }
        if contains(resolvedPath: target) { return nil }
        var culprit = standard
        if standard.hasPrefix(givenRoot + "/") {
            var prefix = givenRoot
            for component in standard.dropFirst(givenRoot.count + 1).split(separator: "/") {
                prefix += "/" + component
                if let step = Self.resolved(prefix), !contains(resolvedPath: step) {
                    culprit = prefix
                    break
                }
            }
        }
        return Problem(path: culprit, message: Self.outside(Self.resolved(culprit) ?? target))
    }

    private func problem(withLink path: String) -> Problem? {
        guard let target = Self.resolved(path) else {
            switch errno {
            case ELOOP:
                return Problem(path: path, message: "symbolic link loop: the link leads back to itself")
            case ENOENT, ENOTDIR:
                let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                return Problem(path: path, message: "broken symbolic link: its target \(written) does not exist")
            default:
                return Problem(path: path, message: "cannot follow symbolic link: \(RegularFile.reason(errno))")
            }
        }
        guard contains(resolvedPath: target) else { return Problem(path: path, message: Self.outside(target)) }
        if let kind = RegularFile.otherKind(of: target) {
            if kind == "a folder" {
                return Problem(path: path, message: "symbolic link to a folder: only links to files are followed; copy the folder in, or link its files")
            }
            return Problem(path: path, message: "symbolic link to \(kind): " + Self.notRegular(kind))
        }
        return nil
    }

    private static func outside(_ target: String) -> String {
        "symbolic link to \(target), outside the site folder: the build reads only files inside the site (copy the file in instead)"
    }

    private static func notRegular(_ kind: String) -> String {
        "not a regular file (\(kind)); only regular files are read"
    }

    /// `realpath`: every link resolved; nil with `errno` set when that fails.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
