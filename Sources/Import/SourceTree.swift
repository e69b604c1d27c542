import Foundation
import Support

/// The files of the source site, found without following a link out of it: a symbolic link
/// to a file inside the site is read as that file, any other link is listed as skipped.
struct SourceTree: Sendable {
    struct Skipped: Sendable, Hashable {
        var path: String
        var reason: String
    }

    let root: URL
    /// Regular files (and links to files inside the site), `/`-separated, relative, sorted.
    private(set) var files: [String] = []
    private(set) var skipped: [Skipped] = []
    /// Folders that could not be listed (a path past PATH_MAX): the import stops on them,
    /// since their posts would be left out.
    private(set) var unreadable: [Skipped] = []

    init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = self.root.path
        // Hidden files are left out: sitegen's build ignores them in Content/ too. Those at the
        // top (.git, .github) are named in the report.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: rootPath))?.sorted() ?? [] where name.hasPrefix(".") {
            skipped.append(Skipped(path: name, reason: "hidden (sitegen ignores files starting with '.')"))
        }
        let listing = DirectoryWalker.listing(below: rootPath, includeHidden: false)
        unreadable = listing.unreadable.map { Skipped(path: $0.path, reason: $0.reason) }
        for path in listing.allFiles {
            let full = rootPath + "/" + path
            switch FileStatus.ofLink(full)?.kind {
            case .file:
                files.append(path)
            case .symbolicLink:
                let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
                guard target.hasPrefix(rootPath + "/") else {
                    skipped.append(Skipped(path: path, reason: "a symbolic link to \(target), outside the site: not followed"))
                    continue
                }
                switch FileStatus.of(full)?.kind {
                case .file: files.append(path)
                case .folder: skipped.append(Skipped(path: path, reason: "a symbolic link to a folder: not followed"))
                default: skipped.append(Skipped(path: path, reason: "a broken symbolic link"))
                }
            case .folder:
                break
            default:
                skipped.append(Skipped(path: path, reason: "not a regular file (a FIFO, socket or device)"))
            }
        }
    }

    func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The first bytes of a file, to tell front matter from a file to copy as it is.
    func startsWithFrontMatter(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url(path).path) else { return false }
        defer { try? handle.close() }
        var head = Array(handle.readData(ofLength: 8))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        return head.starts(with: Array("---\n".utf8)) || head.starts(with: Array("---\r\n".utf8)) || head.starts(with: Array("--- \n".utf8))
            || head.starts(with: Array("+++".utf8))
    }
}

extension String {
    /// The last path component.
    var fileName: String { String(split(separator: "/").last ?? "") }
    /// The path without its last component (empty at the top).
    var folder: String { split(separator: "/").dropLast().joined(separator: "/") }
    /// `.md` for `a/b.md`; empty when there is none.
    var fileExtension: String {
        let name = fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[dot...]).lowercased()
    }
    var withoutExtension: String {
        let ext = fileExtension
        return ext.isEmpty ? self : String(dropLast(ext.count))
    }
}

/// Markdown extensions both generators read.
let markdownExtensions: Set<String> = [".md", ".markdown", ".mdown", ".mkd", ".mkdn"]
