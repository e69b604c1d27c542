import Foundation

/// Files of `.sitegen-cache/`, which concurrent runs may read while another writes.
///
/// The cache is in the site, and git stores symbolic links: a pull request can commit
/// `.sitegen-cache/math/<key>.html → /home/runner/.ssh/id_rsa`, or link a whole cache folder
/// out of the site. A build trusts what the cache holds (a formula's HTML goes into the page
/// as it is; an image copy is linked into `Output/`, where a link stays a link), so the
/// cache may hold only folders and files: its folders are checked before use
/// (``problem(folder:siteRoot:)``), and its files are read without following a link (``read(_:)``).
package enum CacheFile {
    /// `.sitegen-cache`, the cache's folder in the site.
    static let folderName = ".sitegen-cache"

    /// Writes beside and renames (creating the folder), so no reader ever sees half a file.
    /// Failures are ignored: a cache entry that is not written is only computed again.
    /// A symbolic link at `url` is replaced, not written through.
    package static func write(_ data: Data, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.appendingPathExtension("\(getpid())-\(UUID().uuidString).tmp")
        if (try? data.write(to: temporary)) != nil, rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// The cache file's bytes; nil when it is missing, cannot be read, or is not a regular
    /// file (a symbolic link is not followed): the entry is then computed again.
    package static func read(_ url: URL) -> [UInt8]? {
        try? RegularFile.read(url.path, followingLink: false)
    }

    /// ``read(_:)`` as `Data`, for a decoder.
    package static func data(_ url: URL) -> Data? {
        read(url).map { Data($0) }
    }

    /// ``read(_:)`` as UTF-8 text; nil when it is not UTF-8.
    package static func text(_ url: URL) -> String? {
        read(url).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Why `folder`, a folder of the cache below `siteRoot`, may not be used: the first of
    /// `.sitegen-cache` and the folders below it down to `folder` that exists and is not a
    /// folder (a symbolic link, a file), as an error naming it. Nil when each is a folder
    /// or missing (the build makes it).
    package static func problem(folder: URL, siteRoot: URL) -> Diagnostic? {
        let root = siteRoot.standardizedFileURL.path
        let path = folder.standardizedFileURL.path
        guard path.hasPrefix(root + "/" + folderName) else { return nil }
        var current = root
        for part in path.dropFirst(root.count + 1).split(separator: "/") {
            current += "/" + part
            let shown = String(current.dropFirst(root.count + 1))
            guard let status = FileStatus.ofLink(current) else { return nil }
            switch status.kind {
            case .folder: continue
            case .symbolicLink:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: current)).map { " to \($0)" } ?? ""
                return .error(shown, nil, "a symbolic link\(target) in sitegen's cache, which holds only what sitegen wrote; "
                              + "delete \(folderName)/ (the next build makes it again), and do not commit it")
            default:
                return .error(shown, nil, "not a folder, where sitegen keeps its cache; delete \(folderName)/ (the next build makes it again)")
            }
        }
        return nil
    }

    /// ``problem(folder:siteRoot:)``, then every entry below `folder` that is not a folder
    /// or a regular file, each an error naming it: for a cache whose files are read by
    /// other programs (the compiler reads its modules), which cannot be told not to follow
    /// links. `linkAllowed`: the links those programs make themselves, by path below `folder`.
    package static func problems(below folder: URL, siteRoot: URL, linkAllowed: (String) -> Bool = { _ in false }) -> [Diagnostic] {
        if let problem = problem(folder: folder, siteRoot: siteRoot) { return [problem] }
        let listing = DirectoryWalker.listing(below: folder.standardizedFileURL.path, includeHidden: true)
        let links = listing.symbolicLinks.filter { !linkAllowed($0) }
        guard !links.isEmpty || !listing.specialFiles.isEmpty else { return [] }
        let root = siteRoot.standardizedFileURL.path
        let shown = String(folder.standardizedFileURL.path.dropFirst(root.count + 1))
        return links.map {
            .error(shown + "/" + $0, nil, "a symbolic link in sitegen's cache, which holds only what sitegen wrote; "
                   + "delete \(shown)/ (the next run makes it again), and do not commit it")
        } + listing.specialFiles.map {
            .error(shown + "/" + $0.path, nil, "\($0.kind) in sitegen's cache, which holds only what sitegen wrote; delete \(shown)/")
        }
    }

    /// Whether `text` can be a field of a cache file's tab-separated line: no tab, no line break.
    package static func canHoldField(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") }
    }
}
