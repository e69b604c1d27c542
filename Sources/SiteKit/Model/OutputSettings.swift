/// Bounds on what a small input may make the build write (`limits:` in `site.yml`). Every
/// tag page and feed lists a post with all its tags, so N tags cost O(N²) bytes: 3,000 tags
/// in a 30 KB post once wrote 1.1 GB.
struct OutputLimits: Sendable, Hashable {
    /// Distinct tags one post may have.
    var tagsPerPost = 100
    /// Bytes of generated pages, feeds and site files in all, when `output_bytes` is set.
    /// Static files are copies of the input and are not counted. Unset, the limit grows
    /// with the content (``outputBytes(contentBytes:)``).
    var outputBytes: Int?

    /// The default limit's floor: a small site may write this much whatever its size.
    static let outputBytesFloor = 1 << 30
    /// The default limit per byte of Markdown: the benchmark's blogs write ~4.5 bytes per
    /// byte of their posts (10,000 posts: 85 MB in, 380 MB out), short posts under a large
    /// theme ~30. A fixed 1 GiB stopped the 100,000-post blog, which writes ~3.5 GB.
    static let outputBytesPerContentByte = 64

    init() {}

    /// The limit of a site whose posts and pages hold `contentBytes` bytes of Markdown: the
    /// setting, else 64 bytes per byte of content, at least 1 GiB. What the default stops
    /// is a small input writing gigabytes (a post's tags listed on every tag's page).
    func outputBytes(contentBytes: Int) -> Int {
        if let outputBytes { return outputBytes }
        let (scaled, overflow) = contentBytes.multipliedReportingOverflow(by: Self.outputBytesPerContentByte)
        return overflow ? Int.max : max(Self.outputBytesFloor, scaled)
    }
}

/// Paths in the output folder that builds keep though they did not write them (`keep:`):
/// a gh-pages worktree's `CNAME`, `.nojekyll`. `.git` is always kept.
struct KeptPaths: Sendable, Hashable {
    static let always = [".git"]
    /// The file that marks an output folder as sitegen's: every build writes it, so it is
    /// never kept from an older one.
    static let outputMarker = SiteFile.marker.path

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
