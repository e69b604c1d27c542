import Foundation
import Mustache

/// What a preview server keeps from one rebuild to the next, so that a rebuild renders only
/// what a change affects:
/// - each post's and page's rendered body, by its Markdown, file, URL and the site-wide
///   things a body depends on (every post's URL, for links; the Markdown settings; the math);
/// - for each output file, the data its template was rendered with (or the feed it was
///   written from). A page whose data and templates equal the last build's is not rendered
///   again: its file in the output is already right.
///
/// Any change to the templates empties the page part; any change to the site-wide inputs
/// of bodies empties the body part. Thread-safe: render jobs on every core use it.
public final class RenderCache: @unchecked Sendable {
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

    /// What an output unit was made from: a page's template data, a feed, or plain text.
    enum Input {
        case page(MustacheValue)
        case feed(Feed)
        case text(String)

        func isSame(as other: Input) -> Bool {
            switch (self, other) {
            case (.page(let a), .page(let b)): return a.isSameData(as: b)
            case (.feed(let a), .feed(let b)): return a == b
            case (.text(let a), .text(let b)): return a == b
            default: return false
            }
        }
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
    /// Pages and feeds the last build rendered, and those it found unchanged.
    public var renderedUnits: Int { lock.withLock { rendered } }
    public var skippedUnits: Int { lock.withLock { skipped } }

    public init() {}

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

    /// The build's files are in the output: remember what they were made from, and drop
    /// the units and bodies the site no longer has.
    func commit(units: Set<String>, bodies kept: Set<String>) {
        lock.withLock {
            for (key, input, pageIDs) in pending {
                inputs[key] = input
                ids[key] = pageIDs
            }
            pending = []
            inputs = inputs.filter { units.contains($0.key) }
            ids = ids.filter { units.contains($0.key) }
            bodies = bodies.filter { kept.contains($0.key) }   // by source file
        }
    }

    /// The build failed before its files reached the output: what it rendered does not count.
    func rollback() {
        lock.withLock { pending = [] }
    }
}

extension MustacheValue {
    /// Equal data: lambdas never compare equal, so a page with one always renders.
    func isSameData(as other: MustacheValue) -> Bool {
        switch (self, other) {
        case (.string(let a), .string(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSameData(as: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.isSameData(as: $0) } ?? false }
        default:
            return false
        }
    }
}
