import Foundation
import Mustache

/// What a preview server keeps from one rebuild to the next, so that a rebuild renders only
/// what a change affects:
/// - each post's and page's rendered body, by its Markdown, file, URL and the site-wide
///   things a body depends on (every post's URL, for links; the Markdown settings; the math);
/// - for each page and feed, its signature (``RenderVersions``): the versions of what it
///   shows. A page whose signature and templates equal the last build's is not rendered
///   again, nor is its data built: its file in the output is already right.
///
/// Any change to the templates empties the page part; any change to the site-wide inputs
/// of bodies empties the body part. Thread-safe: render jobs on every core use it.
final class RenderCache: @unchecked Sendable {
    /// What a body is rendered from. Looked up by `file`, then compared whole: hashing every
    /// post's Markdown on each rebuild would cost more than the comparison.
    struct BodyKey: Equatable {
        var body: String
        var file: String
        var firstLine: Int
        var urlPath: String
    }

    struct Environment: Equatable {
        var links: LinkResolver
        var markdown: SiteConfig.MarkdownSettings
        var math: [MathFormula.Key: String]
        var verified: VerifiedSnippets
        var templateSyntax: SiteConfig.TemplateSyntaxPolicy
    }

    /// What an output unit was made from: a page's or feed's signature, or a site file's text.
    enum Input: Equatable {
        case signature(RenderVersions.Signature)
        case text(String)

        func isSame(as other: Input) -> Bool { self == other }
    }

    private let lock = NSLock()
    private var environment: Environment?
    private var templates: [String: String]?
    /// By source file: the key the body was rendered from, and the body.
    private var bodies: [String: (key: BodyKey, body: RenderedBody)] = [:]
    private var inputs: [String: Input] = [:]
    /// The ids of pages rendered as fragment targets, by output path.
    private var ids: [String: Set<String>] = [:]
    /// What the build in progress rendered; it counts only once its files are in the output.
    private var pending: [(key: String, input: Input, ids: Set<String>?)] = []
    private var rendered = 0
    private var skipped = 0
    /// The units and body files of the last commit, whose leftovers are already dropped.
    private var committedUnits = Set<String>()
    private var committedBodies = Set<String>()
    /// Versions (``RenderVersions``), by source path: what each was given for.
    private var versionNumbers = VersionNumbers()
    private var bodyVersions = VersionHistory<BodyInputs>()
    private var itemVersions = VersionHistory<ItemInputs>()
    private var linkVersions = VersionHistory<LinkInputs>()
    private var globalVersions = VersionHistory<GlobalInputs>()
    /// Each post's list entry with the version it was made for: an archive or a tag page
    /// rendered again needs every entry, and most did not change.
    private var items: [String: (version: Int, global: Int, value: MustacheValue)] = [:]
    /// Pages and feeds the last build rendered, and those it found unchanged.
    var renderedUnits: Int { lock.withLock { rendered } }
    var skippedUnits: Int { lock.withLock { skipped } }

    /// The formulas found in each body, for the math batch before the bodies.
    let mathScans = MathScans()
    /// The footnote prefixes of the last build's pages, by their URLs: made again only
    /// when a URL changes (making them was a sixteenth of a one-post edit at 10,000 posts).
    private var footnotePrefixes: (urlPaths: [String: String], prefixes: FootnoteIDPrefixes)?

    func footnotes(of urlPaths: [String: String]) -> FootnoteIDPrefixes {
        if let known = lock.withLock({ footnotePrefixes }), known.urlPaths == urlPaths { return known.prefixes }
        let prefixes = FootnoteIDPrefixes(urlPaths: urlPaths.values)
        lock.withLock { footnotePrefixes = (urlPaths, prefixes) }
        return prefixes
    }

    init() {}

    /// Starts a build: forgets what the new build's environment or templates make stale.
    func begin(environment: Environment, templates: [String: String]) {
        lock.withLock {
            if self.environment != environment { bodies = [:] }
            if self.templates != templates { inputs = [:]; ids = [:] }
            self.environment = environment
            self.templates = templates
            rendered = 0
            skipped = 0
            pending = []
        }
    }

    func body(_ key: BodyKey) -> RenderedBody? {
        lock.withLock { bodies[key.file].flatMap { $0.key == key ? $0.body : nil } }
    }

    func store(_ body: RenderedBody, for key: BodyKey) { lock.withLock { bodies[key.file] = (key, body) } }

    /// The version of each body: equal bodies (a body found in the cache, or rendered again
    /// as it was) keep their number.
    func versions(ofBodies bodies: [(String, RenderedBody)]) -> [String: Int] {
        lock.withLock {
            var versions: [String: Int] = [:]
            for (path, body) in bodies { versions[path] = bodyVersions.version(of: BodyInputs(body), at: path, &versionNumbers) }
            return versions
        }
    }

    /// This build's versions: each is one an earlier build gave for equal inputs (cheap to
    /// compare when they are: unchanged posts share their strings with the load cache's),
    /// else a new number.
    func versions(items: [(String, ItemInputs)], links: [(String, LinkInputs)], global: GlobalInputs, bodies: [String: Int]) -> RenderVersions {
        lock.withLock {
            let itemNumbers = items.map { path, inputs in itemVersions.version(of: inputs, at: path, &versionNumbers) }
            let linkNumbers = links.map { path, inputs in linkVersions.version(of: inputs, at: path, &versionNumbers) }
            let globalNumber = globalVersions.version(of: global, at: "", &versionNumbers)
            return RenderVersions(global: globalNumber, items: itemNumbers, links: linkNumbers, bodies: bodies)
        }
    }

    /// Whether the unit at `key` was made from the same input last time, and (when the
    /// build needs them) its ids are known.
    func isUnchanged(_ key: String, input: Input, needsIDs: Bool) -> Bool {
        lock.withLock {
            guard let previous = inputs[key], previous.isSame(as: input), !needsIDs || ids[key] != nil else {
                rendered += 1
                return false
            }
            skipped += 1
            return true
        }
    }

    func store(_ input: Input, for key: String, ids pageIDs: Set<String>?) {
        lock.withLock { pending.append((key, input, pageIDs)) }
    }

    func ids(of key: String) -> Set<String>? { lock.withLock { ids[key] } }

    /// A post's list entry as an earlier build made it, when its version and the
    /// site-wide one (words, URLs) are still the ones it was made for.
    func item(at path: String, version: Int, global: Int) -> MustacheValue? {
        // Spelled out: a `nil` in `cond ? value : nil` would be MustacheValue's own nil literal (.null).
        let entry = lock.withLock { items[path] }
        guard let entry, entry.version == version, entry.global == global else { return Optional<MustacheValue>.none }
        return entry.value
    }

    func store(item: MustacheValue, at path: String, version: Int, global: Int) {
        lock.withLock { items[path] = (version, global, item) }
    }

    /// The build's files are in the output: remember what they were made from, and drop
    /// the units and bodies the site no longer has.
    func commit(units: Set<String>, bodies kept: Set<String>) {
        lock.withLock {
            for (key, input, pageIDs) in pending {
                inputs[key] = input
                ids[key] = pageIDs
            }
            pending = []
            // Removed in place: rebuilding the dictionaries on every save showed at 10,000 posts.
            if units != committedUnits {
                for key in inputs.keys where !units.contains(key) { inputs[key] = nil }
                for key in ids.keys where !units.contains(key) { ids[key] = nil }
                committedUnits = units
            }
            // Most saves neither add nor remove a file: then nothing is to be dropped.
            guard kept != committedBodies else { return }
            bodies = bodies.filter { kept.contains($0.key) }   // by source file
            bodyVersions.keep(only: kept)
            itemVersions.keep(only: kept)
            items = items.filter { kept.contains($0.key) }
            linkVersions.keep(only: kept)
            committedBodies = kept
        }
    }

    /// The build failed before its files reached the output: what it rendered does not count.
    func rollback() {
        lock.withLock {
            pending = []
            // It may have stored bodies and versions of files the next build no longer has.
            committedBodies = []
        }
    }
}

/// Version numbers, never given twice.
struct VersionNumbers {
    private var last = 0
    mutating func next() -> Int {
        last += 1
        return last
    }
}

/// The last few inputs seen at each path with the version each was given: inputs equal to
/// one of them get its version back (an edit undone, a failed rebuild's text replaced by
/// the last good one), others a new number.
struct VersionHistory<Inputs: Equatable> {
    static var depth: Int { 3 }
    private var seen: [String: [(inputs: Inputs, version: Int)]] = [:]

    mutating func version(of inputs: Inputs, at path: String, _ numbers: inout VersionNumbers) -> Int {
        if let match = seen[path]?.first(where: { $0.inputs == inputs }) { return match.version }
        let version = numbers.next()
        seen[path, default: []].insert((inputs, version), at: 0)
        if seen[path]?.count ?? 0 > Self.depth { seen[path]?.removeLast() }
        return version
    }

    mutating func keep(only paths: Set<String>) {
        seen = seen.filter { paths.contains($0.key) || $0.key.isEmpty }
    }
}
