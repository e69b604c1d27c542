import Foundation
import SiteKit
import Support
import YAML

/// Imports one post or page: its front matter as written plus what keeps its URL and what
/// the build needs (a title, a date it reads), its body converted, and every place noted.
struct DocumentImporter: Sendable {
    var generator: SourceGenerator
    var policy: URLPolicy
    var targets: LinkTargets
    var siteURL: String?
    var basePath = ""
    /// Hugo: the imported language's content folder, from which `ref` reads `/` paths.
    var contentRoot = "content"
    /// Jekyll: the includes that are components; jekyll-assets' assets by name.
    var includes = IncludeComponents()
    var assets: [String: String] = [:]
    /// Hugo: the site's `params`.
    var siteParams: [String: String] = [:]

    struct Outcome: Sendable {
        var bytes: [UInt8] = []
        var report = DocumentReport()
        var decision = URLPolicy.Decision()
        var isDraft = false
        /// Whether the old site published it (not a draft, not `published: false`, not dated
        /// to come, …): then `decision.oldURL` is a URL it served, by `decision.rule`.
        var hadOldURL = false
        /// Its title, of its front matter or of `defaults:` (nil when it has none).
        var title: String?
        /// The includes its body calls as components.
        var components: Set<String> = []
    }

    static let dateKeys = ["date", "updated", "lastmod", "last_modified_at"]

    func run(_ document: PlannedDocument, _ source: SourceDocument) throws(Diagnostic) -> Outcome {
        var outcome = Outcome()
        var source = source
        let converted = try Self.yamlFrontMatter(source, path: document.source)
        if let converted { source.yaml = converted }
        var editor: FrontMatterEditor
        do {
            editor = try FrontMatterEditor(yaml: source.yaml)
        } catch {
            let (location, message) = error.shifted(by: source.frontMatterFirstLine - 1)
            throw Diagnostic.error(document.source, location, message)
        }
        guard editor.isMapping else {
            throw Diagnostic.error(document.source, editor.root?.location.shifted(by: 1), "front matter must be a mapping of keys (title: …), not \(editor.root?.kindName ?? "")")
        }
        var notes = FrontMatterNotes(file: document.destination)
        if converted != nil { notes.record(.frontMatterToYAML, line: 1) }
        for duplicate in editor.droppedDuplicates {
            let line = duplicate.location.line + source.frontMatterFirstLine - 1
            let place = ImportPlace(file: document.source, line: line, column: duplicate.location.column, text: duplicate.key + ":",
                                    note: "given again at line \(duplicate.laterLocation.line + source.frontMatterFirstLine - 1); the last value is kept, as \(generator.displayName) keeps it")
            if editor.duplicatesLeft.contains(duplicate) {
                outcome.report.leave("a key given twice in one line (flow style): remove the first by hand, sitegen build refuses duplicate keys", place)
            } else {
                outcome.report.record(.duplicateKeyDropped, place)
            }
        }
        // Jekyll's `defaults:` go first, the file's own keys over them, as Jekyll merges them.
        let type = document.collection ?? (document.role == .page ? "pages" : "posts")
        let defaults = policy.jekyllConfig?.defaults.values(path: document.source, type: type) ?? []
        let data = FrontMatterValues(own: editor.root, defaults: defaults)
        let oldCategories = data.jekyllCategories(folders: document.folderCategories)
        JekyllDefaults.apply(defaults, to: &editor, &notes, categories: document.role == .page ? [] : oldCategories,
                             folderCategories: document.folderCategories)
        let isDraft = document.role == .draft || data.bool("draft") == true || data.bool("published") == false
        outcome.isDraft = isDraft
        outcome.title = data.string("title")
        if document.role == .draft, !editor.has("draft"), !editor.has("published") {
            notes.add(&editor, "draft", "true", .draftAdded)
        }
        let name = document.urlName
        let datePrefix = URLSlugs.datePrefix(name)
        if data.string("title") == nil, !isDraft {
            notes.add(&editor, "title", YAMLText.quoted(URLSlugs.title(fromSlug: datePrefix?.rest ?? name)), .titleAdded)
        }
        for key in Self.dateKeys where editor.has(key) {
            convertDate(key, &editor, &notes)
        }
        var date = editor.string("date").flatMap(LenientDate.init)
        if editor.string("date") == nil, document.role != .page {
            if generator == .hugo, let fallback = ["publishDate", "publishdate", "lastmod"].lazy.compactMap({ editor.string($0) }).first,
               let parsed = LenientDate(fallback) {
                notes.add(&editor, "date", parsed.iso, .dateAdded)
                date = parsed
            } else if let prefix = datePrefix {
                date = prefix.date
                if !prefix.strict { notes.add(&editor, "date", prefix.date.iso, .dateAdded) }
            } else if !isDraft {
                notes.leave("a post without a date (sitegen needs one)", line: 1)
            }
        }

        if document.role == .page {
            outcome.decision = policy.decidePage(document, frontSlug: data.string("slug"),
                                                 frontPermalink: data.string(generator == .jekyll ? "permalink" : "url"), title: data.string("title"))
        } else {
            // What the build will read from the file as written (categories added to it included).
            var categories = editor.buildCategories
            if generator == .jekyll, policy.postPattern.contains(":categories"), let written = try? FrontMatterEditor(yaml: editor.text) {
                categories = written.buildCategories
            }
            let below = document.destination.split(separator: "/").dropFirst(2)
            var facts = PostFacts(fileName: name, frontSlug: data.string("slug"), title: data.string("title"), date: date,
                                  categories: categories, folders: document.folders,
                                  sitegenSection: below.count > 1 ? below.first.map(String.init) ?? "posts" : "posts")
            facts.oldCategories = oldCategories
            outcome.decision = policy.decide(facts, frontPermalink: data.string(generator == .jekyll ? "permalink" : "url"))
        }
        // Jekyll writes no drafts, nothing `published: false`, and no post dated after the build (without `future: true`).
        let isFuture = document.role != .page && policy.jekyllConfig?.future == false
            && (date?.secondsSince1970 ?? 0) > Int(Date().timeIntervalSince1970)
        switch generator {
        case .jekyll:
            outcome.hadOldURL = !isDraft && !isFuture
            outcome.decision.rule = policy.jekyllRule(document, permalink: data.string("permalink"), defaultsRule: editor.has("permalink") ? nil
                : policy.jekyllConfig?.defaults.rule(setting: "permalink", path: document.source, type: type))
        case .hugo:
            // Hugo's own rules of what it publishes (a `publishDate` to come, an `expiryDate` past) are the plan's.
            outcome.hadOldURL = !isDraft && document.sourcePublished
        }
        if let slug = outcome.decision.slug {
            notes.add(&editor, "slug", YAMLText.quoted(slug), .slugAdded)
        }
        if let redirect = outcome.decision.redirect {
            let key = generator == .jekyll ? "redirect_from" : "aliases"
            if editor.acceptsNewKeys, editor.append(YAMLText.quoted(redirect), toList: key) {
                notes.record(.redirectAdded, key: key)
            } else {
                notes.leave("an old URL to add by hand to '\(key)': \(redirect)", line: 1)
            }
        }
        if !editor.acceptsNewKeys, notes.needsNewKeys {
            notes.leave("front matter in flow style ({…}): add \(notes.addedKeys.joined(separator: ", ")) by hand", line: 1)
        }

        let body = convertBody(document, source, pageValues: Dictionary(editor.root?.scalarTexts ?? [], uniquingKeysWith: { _, last in last }))
        outcome.components = body.components
        let yaml = editor.acceptsNewKeys ? editor.text : source.yaml
        let unchanged = yaml == source.yaml && body.bytes == source.body && source.format == .yaml
        outcome.bytes = unchanged ? source.original : source.assembled(yaml: yaml, body: body.bytes)
        let bodyFirstLine = 2 + yaml.utf8.lazy.filter { $0 == 0x0A }.count + 1
        let duplicates = outcome.report
        outcome.report = notes.report(yaml: yaml)
        outcome.report.merge(duplicates)
        if document.source.fileExtension != ".md" { outcome.report.record(.extensionRenamed, ImportPlace(file: document.destination)) }
        BodyPlaces.record(body, file: document.destination, firstLine: bodyFirstLine, kramdown: generator == .jekyll, into: &outcome.report)
        return outcome
    }

    /// TOML (`+++`) and JSON front matter as YAML text; nil for YAML, which stays as written.
    static func yamlFrontMatter(_ source: SourceDocument, path: String) throws(Diagnostic) -> String? {
        switch source.format {
        case .yaml, .none:
            return nil
        case .toml:
            do {
                let (root, comments) = try TOMLParser.parse(source.yaml)
                return YAMLWriter.document(root, comments: comments)
            } catch {
                throw Diagnostic.error(path, error.location.shifted(by: source.frontMatterFirstLine - 1), error.message)
            }
        case .json:
            do {
                guard let root = try YAMLParser.parse(source.yaml), root.isMapping else {
                    throw Diagnostic.error(path, SourceLocation(line: 1, column: 1), "JSON front matter must be an object")
                }
                return YAMLWriter.document(root, comments: [])
            } catch let error as YAMLError {
                let (location, message) = error.shifted(by: 0)
                throw Diagnostic.error(path, location, message.replacingOccurrences(of: "YAML:", with: "JSON:"))
            } catch let error as Diagnostic {
                throw error
            } catch {
                throw Diagnostic.error(path, nil, "\(error)")
            }
        }
    }

    private func convertBody(_ document: PlannedDocument, _ source: SourceDocument, pageValues: [String: String]) -> ConvertedBody {
        var context = ConversionContext(documentPath: document.destination, sourcePath: document.source, targets: targets,
                                        siteURL: siteURL, basePath: basePath, contentRoot: contentRoot)
        (context.includes, context.assets, context.siteParams) = (includes, assets, siteParams)
        context.pageValues = generator == .hugo ? pageValues.merging(pageValues.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            : pageValues
        switch generator {
        case .jekyll: return LiquidConverter(context: context).convert(source.body)
        case .hugo: return ShortcodeConverter(context: context).convert(source.body)
        }
    }

    /// A date sitegen does not read, in a form it does: written as ISO 8601, the old text
    /// kept in a comment. A date no reader understands is left and reported.
    private func convertDate(_ key: String, _ editor: inout FrontMatterEditor, _ notes: inout FrontMatterNotes) {
        guard let text = editor.string(key), PostDate(parsing: text) == nil else { return }
        let line = editor.root?[key]?.location.line ?? 0
        if let date = LenientDate(text), PostDate(parsing: date.iso) != nil, editor.replaceScalar(key, with: date.iso) {
            notes.record(.dateConverted, line: line + 1)
        } else {
            notes.leave("a date sitegen cannot read ('\(key): \(text)')", line: line + 1)
        }
    }
}

extension SourceLocation {
    func shifted(by lines: Int) -> SourceLocation {
        SourceLocation(line: line + lines, column: column)
    }
}
