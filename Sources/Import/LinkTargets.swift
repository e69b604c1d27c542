import SiteKit

/// Where `{% post_url %}`, `{% link %}` and `{{< ref >}}` lead in the imported site: the
/// imported file (a `.md` link the build resolves and checks) or a path of the site (a static file).
struct LinkTargets: Sendable {
    enum Target: Sendable, Hashable {
        /// A post or page, by its path in the imported site (`Content/posts/a.md`).
        case document(String)
        /// A file published as it is, by its URL path (`/assets/a.pdf`).
        case sitePath(String)
    }

    enum Resolution: Sendable, Hashable {
        case found(Target)
        case notFound
        case ambiguous([String])
    }

    /// Source path (relative to the source site, `/`-separated) → target.
    private(set) var bySourcePath: [String: Target] = [:]
    /// Jekyll post names (`2019-01-01-name`) and Hugo base names → source paths.
    private var byName: [String: [String]] = [:]

    mutating func add(source: String, target: Target, names: [String]) {
        bySourcePath[source] = target
        for name in names { byName[name, default: []].append(source) }
    }

    /// `{% post_url 2019-01-01-name %}`, `{% post_url sub/2019-01-01-name %}`: by the post's
    /// path below a `_posts` folder without its extension, else by its name alone.
    func postURL(_ argument: String) -> Resolution {
        let wanted = argument.hasPrefix("/") ? String(argument.dropFirst()) : argument
        let name = wanted.fileName
        let path = wanted.folder.isEmpty ? "" : wanted.folder + "/"
        // Jekyll's PostComparer: `_posts/<path><name>` or `<path>_posts/<name>`.
        let candidates = (byName[name] ?? []).filter { source in
            let withoutExtension = LinkTargets.droppingExtension(source)
            return path.isEmpty || withoutExtension == "_posts/" + path + name || withoutExtension == path + "_posts/" + name
        }
        return resolution(candidates)
    }

    /// `{% link _posts/2019-01-01-name.md %}`, `{% link about.md %}`: a path of the source site.
    func link(_ argument: String) -> Resolution {
        let path = argument.hasPrefix("/") ? String(argument.dropFirst()) : argument
        return bySourcePath[path].map { .found($0) } ?? .notFound
    }

    /// Hugo's `ref`: a content path (`/posts/a.md`, `posts/a`), a path relative to the page's
    /// folder, or a unique base name (`a`, `a.md`); a bundle by its folder.
    func ref(_ argument: String, from source: String, contentRoot: String) -> Resolution {
        let prefix = contentRoot.isEmpty ? "" : contentRoot + "/"
        let folder = source.split(separator: "/").dropLast().joined(separator: "/")
        var tries: [String] = []
        if argument.hasPrefix("/") {
            tries.append(prefix + argument.dropFirst())
        } else {
            tries.append(folder.isEmpty ? argument : folder + "/" + argument)
            tries.append(prefix + argument)
        }
        for path in tries.compactMap(SiteURLs.normalized) {
            for candidate in [path, path + ".md", path + ".markdown", path + "/index.md", path + "/index.markdown"] {
                if let target = bySourcePath[candidate] { return .found(target) }
            }
        }
        guard !argument.contains("/") else { return .notFound }
        return resolution(byName[LinkTargets.droppingExtension(argument)] ?? [])
    }

    private func resolution(_ sources: [String]) -> Resolution {
        switch sources.count {
        case 0: return .notFound
        case 1: return bySourcePath[sources[0]].map { .found($0) } ?? .notFound
        default: return .ambiguous(sources.sorted())
        }
    }

    static func droppingExtension(_ path: String) -> String {
        for suffix in [".md", ".markdown", ".mdown", ".mkd", ".mkdn"] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }

    /// The link a Markdown file at `from` writes to reach `to` (both relative to the site
    /// root): `../pages/about.md`, with what a link destination cannot hold percent-encoded.
    static func relativeLink(from: String, to: String) -> String {
        let fromFolder = from.split(separator: "/").dropLast()
        let target = to.split(separator: "/")
        var common = 0
        while common < fromFolder.count, common < target.count - 1, fromFolder[fromFolder.startIndex + common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: fromFolder.count - common)
        return (up + target[common...].map(String.init)).map(encodedSegment).joined(separator: "/")
    }

    /// Spaces, `%`, `<`, `>`, parentheses and controls percent-encoded: a path segment that a
    /// Markdown link destination holds as it is.
    static func encodedSegment(_ segment: String) -> String {
        var encoded: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in segment.utf8 {
            switch byte {
            case 0...0x20, 0x7F, UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "#"), UInt8(ascii: "?"):
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default:
                encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
