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
        /// The images' sizes and copies, which bodies' `<img>` show.
        var images: ImageMarkup
    }

    /// What an output unit was made from: a page's or feed's signature, or a site file's text.
    enum Input: Equatable, Sendable {
        case signature(RenderVersions.Signature)
        case text(String)

        func isSame(as other: Input) -> Bool { self == other }
    }

    private let lock = NSLock()
    private var environment: Environment?
    private var templates: [String: String]?
    /// By source file: the key the body was rendered from, the body and its version.
    private var bodies = FileEntries<(key: BodyKey, body: RenderedBody, version: Int)>()
    private var inputs: [String: Input] = [:]
    /// The committed input of the unit at each position of the last ``unchanged(_:)``, kept
    /// in step with `inputs` by ``commit(units:bodies:)``: the next build's jobs come in the
    /// same order, so each is compared at its position instead of hashing every path.
    private var inputsByPosition: [(key: String, input: Input)?] = []
    /// The ids of pages rendered as fragment targets, by output path.
    private var ids: [String: Set<String>] = [:]
    /// What the build in progress rendered; it counts only once its files are in the output.
    private var pending: [(key: String, input: Input, ids: Set<String>?, position: Int?)] = []
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
    private var pictureVersions = VersionHistory<TemplateContext.SharedPicture>()
    /// The last build's posts with their item and link versions, by index (``versions(posts:bodies:pageBodies:series:taxonomy:global:inputs:)``).
    private var lastPosts = PostVersions()
    /// Each post's list entry by the item version it was made for (a version names its
    /// post too), with the site-wide version: an archive or a tag page rendered again needs
    /// every entry, and most did not change. Looked up by number, not by path, for all
    /// posts at once.
    private var items: [Int: (global: Int, value: MustacheValue)] = [:]
    /// The item version of each path's entry in `items`, to drop it when a new one comes.
    private var itemVersionAtPath: [String: Int] = [:]
    /// What a rebuild derives from the site's lists of posts and pages alone.
    let siteIndexes = SiteIndexCache()
    /// The search index's entries and files (``SearchIndexCache``).
    let search = SearchIndexCache()
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
            if self.environment != environment {
                bodies.removeAll()
                // Which text is math depends on the Markdown settings (`math: { dollars: }`).
                mathScans.removeAll()
            }
            if self.templates != templates { inputs = [:]; ids = [:]; inputsByPosition = [] }
            self.environment = environment
            self.templates = templates
            rendered = 0
            skipped = 0
            pending = []
        }
    }

    /// The bodies of `keys` found in the cache, with their versions, in one lock.
    func bodies(_ keys: [BodyKey]) -> [(body: RenderedBody, version: Int)?] {
        lock.withLock {
            bodies.lookUp(keys.map(\.file)) { position, entry in entry.key == keys[position] }.map { $0.map { ($0.body, $0.version) } }
        }
    }

    /// Keeps bodies just rendered, and gives each its version: equal bodies (rendered
    /// again as they were) keep their number.
    /// `made`: each with its position in the keys of the last ``bodies(_:)``.
    func store(bodies made: [(position: Int, key: BodyKey, body: RenderedBody)]) -> [Int] {
        lock.withLock {
            made.map { position, key, body in
                let version = bodyVersions.version(of: BodyInputs(body), at: key.file, &versionNumbers)
                bodies.store((key, body, version), file: key.file, position: position)
                return version
            }
        }
    }

    /// This build's versions: each is one an earlier build gave for equal inputs (cheap to
    /// compare when they are: unchanged posts share their storage with the load cache's),
    /// else a new number. A post equal to the one at its index last time, with the same
    /// body version, series place and taxonomy names, keeps its numbers without its
    /// inputs being built (`inputs` makes those of post `number`).
    func versions(posts: [Post], bodies: [Int], pageBodies: [Int], series: [ItemInputs.SeriesSlot?], taxonomy: [[String]],
                  global: GlobalInputs, pictures: [TemplateContext.SharedPicture], inputs: (Int) -> ItemInputs) -> RenderVersions {
        lock.withLock {
            let last = lastPosts
            let sameTaxonomy = last.taxonomy == taxonomy
            var itemNumbers: [Int] = [], linkNumbers: [Int] = [], pictureNumbers: [Int] = []
            itemNumbers.reserveCapacity(posts.count)
            linkNumbers.reserveCapacity(posts.count)
            pictureNumbers.reserveCapacity(posts.count)
            for (number, post) in posts.enumerated() {
                let samePost = number < last.posts.count && last.posts[number] == post
                if samePost && sameTaxonomy && last.bodies[number] == bodies[number] && last.series[number] == series[number] {
                    itemNumbers.append(last.items[number])
                } else {
                    itemNumbers.append(itemVersions.version(of: inputs(number), at: post.sourcePath, &versionNumbers))
                }
                linkNumbers.append(samePost ? last.links[number] : linkVersions.version(of: LinkInputs(post), at: post.sourcePath, &versionNumbers))
                pictureNumbers.append(samePost && last.pictures[number] == pictures[number]
                                      ? last.pictureVersions[number]
                                      : pictureVersions.version(of: pictures[number], at: post.sourcePath, &versionNumbers))
            }
            lastPosts = PostVersions(posts: posts, bodies: bodies, series: series, taxonomy: taxonomy, items: itemNumbers, links: linkNumbers,
                                     pictures: pictures, pictureVersions: pictureNumbers)
            let globalNumber = globalVersions.version(of: global, at: "", &versionNumbers)
            return RenderVersions(global: globalNumber, items: itemNumbers, links: linkNumbers, postBodies: bodies, pageBodies: pageBodies,
                                  sharedPictures: pictureNumbers)
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

    /// For each planned page or feed, whether it was made from the same input last time
    /// (and its ids are known, if the build needs them); all in one lock. False for a
    /// unit without a plan, which is compared as text.
    func unchanged(_ plans: [SitePages.Plan?]) -> [Bool] {
        lock.withLock {
            let known = inputsByPosition
            var committed: [(key: String, input: Input)?] = []
            committed.reserveCapacity(plans.count)
            let found = plans.enumerated().map { position, plan -> Bool in
                guard let plan else {
                    committed.append(nil)
                    return false
                }
                let previous: Input?
                if position < known.count, let entry = known[position], entry.key == plan.key {
                    previous = entry.input
                } else {
                    previous = inputs[plan.key]
                }
                committed.append(previous.map { (plan.key, $0) })
                guard let previous, previous.isSame(as: plan.input), plan.targetPaths.isEmpty || ids[plan.key] != nil else {
                    rendered += 1
                    return false
                }
                skipped += 1
                return true
            }
            inputsByPosition = committed
            return found
        }
    }

    /// `position`: the unit's in the last ``unchanged(_:)``, if it was listed there.
    func store(_ input: Input, for key: String, ids pageIDs: Set<String>?, position: Int? = nil) {
        lock.withLock { pending.append((key, input, pageIDs, position)) }
    }

    func ids(of key: String) -> Set<String>? { lock.withLock { ids[key] } }

    /// The ids of the pages at `paths` that have them.
    func ids(of paths: [String]) -> [String: Set<String>] {
        guard !paths.isEmpty else { return [:] }
        return lock.withLock { Dictionary(paths.compactMap { path in ids[path].map { (path, $0) } }, uniquingKeysWith: { first, _ in first }) }
    }

    /// The list entries an earlier build made for these item versions, while the
    /// site-wide version is still the one they were made for; nil where there is none.
    func items(versions: [Int], global: Int) -> [MustacheValue?] {
        lock.withLock {
            versions.map { version in
                // Spelled out: a `nil` in `cond ? value : nil` would be MustacheValue's own nil literal (.null).
                guard let entry = items[version], entry.global == global else { return Optional<MustacheValue>.none }
                return entry.value
            }
        }
    }

    func store(item: MustacheValue, at path: String, version: Int, global: Int) {
        lock.withLock {
            if let old = itemVersionAtPath[path], old != version { items[old] = nil }
            items[version] = (global, item)
            itemVersionAtPath[path] = version
        }
    }

    /// The build's files are in the output: remember what they were made from, and drop
    /// the units and bodies the site no longer has.
    func commit(units: Set<String>, bodies kept: Set<String>) {
        lock.withLock {
            for (key, input, pageIDs, position) in pending {
                inputs[key] = input
                ids[key] = pageIDs
                if let position, position < inputsByPosition.count { inputsByPosition[position] = (key, input) }
            }
            pending = []
            search.commit()
            // Removed in place: rebuilding the dictionaries on every save showed at 10,000 posts.
            if units != committedUnits {
                for key in inputs.keys where !units.contains(key) { inputs[key] = nil }
                for key in ids.keys where !units.contains(key) { ids[key] = nil }
                inputsByPosition = []
                committedUnits = units
            }
            // Most saves neither add nor remove a file: then nothing is to be dropped.
            guard kept != committedBodies else { return }
            bodies.keep(only: kept)
            bodyVersions.keep(only: kept)
            itemVersions.keep(only: kept)
            for (path, version) in itemVersionAtPath where !kept.contains(path) {
                items[version] = nil
                itemVersionAtPath[path] = nil
            }
            linkVersions.keep(only: kept)
            pictureVersions.keep(only: kept)
            committedBodies = kept
        }
    }

    /// The build failed before its files reached the output: what it rendered does not count.
    func rollback() {
        lock.withLock {
            pending = []
            search.rollback()
            // It may have stored bodies and versions of files the next build no longer has.
            committedBodies = []
        }
    }
}

/// The posts of a build with the versions they were given, by index into `site.posts`.
struct PostVersions {
    var posts: [Post] = []
    var bodies: [Int] = []
    var series: [ItemInputs.SeriesSlot?] = []
    /// The slugs and names of the site's tags and categories, which tags display.
    var taxonomy: [[String]] = []
    var items: [Int] = []
    var links: [Int] = []
    var pictures: [TemplateContext.SharedPicture] = []
    var pictureVersions: [Int] = []
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
