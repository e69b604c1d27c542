/// Bounds on what a small input may make the build write (`limits:` in `site.yml`). Every
/// tag page and feed lists a post with all its tags, so N tags cost O(N²) bytes: 3,000 tags
/// in a 30 KB post once wrote 1.1 GB.
struct OutputLimits: Sendable, Hashable {
    /// Distinct tags one post may have.
    var tagsPerPost = 100
    /// Bytes of generated pages, feeds and site files in all. Static files are copies of
    /// the input and are not counted. A 10,000-post site of the benchmark writes ~0.8 GB.
    var outputBytes = 1 << 30

    init() {}
}

/// Paths in the output folder that builds keep though they did not write them (`keep:`):
/// a gh-pages worktree's `CNAME`, `.nojekyll`. `.git` is always kept.
struct KeptPaths: Sendable, Hashable {
    static let always = [".git"]
    /// The file that marks an output folder as sitegen's: every build writes it, so it is
    /// never kept from an older one.
    static let outputMarker = ".sitegen-output"

    /// Relative paths, `.git` first.
    private(set) var paths: [String]

    init(_ listed: [String] = []) {
        paths = Self.always + listed.filter { !Self.always.contains($0) }
    }

    /// Whether `path` (relative to the output folder) is a kept path or inside one.
    func contains(_ path: String) -> Bool {
        paths.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// The first component of each kept path: what may sit in an output folder sitegen
    /// has not marked as its own (a fresh worktree holds `.git`) without making it foreign.
    var topLevelNames: Set<String> {
        Set(paths.compactMap { $0.split(separator: "/").first.map(String.init) })
    }
}
