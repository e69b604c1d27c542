import Support

/// Every path of the output folder a build writes or keeps, each with what puts it there:
/// the pages of the routes table, their feeds, the site files (``SiteFile``), the static and
/// page-bundle files, and the kept paths. Two of them on one file, or one inside the other
/// (an alias `/CNAME/` where a kept `CNAME` file is), is a clash, found as each is added.
///
/// A tree of segments, compared without case (on macOS's file system `A` and `a` are one
/// file), in one dictionary of edges: adding a path costs its length, whatever the depth.
struct OutputFiles: Sendable {
    enum Origin: Sendable, Hashable {
        /// Page `index` of a kind, in ``PageSet``'s order.
        case page(PageKind, Int)
        /// A feed file in the folder of page `index` of a kind.
        case feed(PageKind, Int, FeedFormat)
        case siteFile(SiteFile)
        /// A `keep:` entry or `.git`: never written, never replaced.
        case kept(String)
        /// A file copied as it is: a static file, or a page bundle's file.
        case copied(displayName: String, path: String, bundled: Bool)
    }

    /// How the paths of a clash lie.
    enum Overlap: Sendable, Equatable {
        /// One file.
        case same
        /// The new path would be written inside the other, which is a file or a kept path.
        case inside
        /// The new path would be a file where the other needs a folder.
        case around
    }

    private struct Edge: Hashable, Sendable {
        var parent: Int32
        var name: Substring
    }

    private struct Node: Sendable {
        /// Index into `origins` of what ends here.
        var owner: Int32 = -1
        /// Some child, to name what lies below a path.
        var child: Int32 = -1
    }

    private var edges: [Edge: Int32] = [:]
    private var nodes = [Node()]
    private(set) var origins: [Origin] = []

    init(capacity: Int = 0) {
        edges.reserveCapacity(capacity * 2)
        nodes.reserveCapacity(capacity * 2)
    }

    /// Adds `path` (relative to the output folder, already through ``OutputPath``); on a
    /// clash nothing is added, and the other origin is returned with how the two overlap.
    mutating func add(_ path: String, _ origin: Origin) -> (other: Origin, overlap: Overlap)? {
        let key = Self.foldedCase(path)
        var node: Int32 = 0
        for name in UTF8Bytes.pathParts(key) {
            let owner = nodes[Int(node)].owner
            if owner >= 0 { return (origins[Int(owner)], .inside) }
            let edge = Edge(parent: node, name: name)
            if let next = edges[edge] {
                node = next
            } else {
                let next = Int32(nodes.count)
                nodes.append(Node())
                edges[edge] = next
                if nodes[Int(node)].child < 0 { nodes[Int(node)].child = next }
                node = next
            }
        }
        if nodes[Int(node)].owner >= 0 { return (origins[Int(nodes[Int(node)].owner)], .same) }
        if nodes[Int(node)].child >= 0 {
            var below = nodes[Int(node)].child
            while nodes[Int(below)].owner < 0, nodes[Int(below)].child >= 0 { below = nodes[Int(below)].child }
            if nodes[Int(below)].owner >= 0 { return (origins[Int(nodes[Int(below)].owner)], .around) }
        }
        nodes[Int(node)].owner = Int32(origins.count)
        origins.append(origin)
        return nil
    }

    /// Lowercased, in one pass for ASCII paths.
    private static func foldedCase(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) else { return path }
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return path.lowercased() }
        return String(decoding: path.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
