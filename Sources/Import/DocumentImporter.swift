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

    struct Outcome: Sendable {
        var bytes: [UInt8] = []
        var report = DocumentReport()
        var decision = URLPolicy.Decision()
        var isDraft = false
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
        let isDraft = document.role == .draft || editor.bool("draft") == true || editor.bool("published") == false
        outcome.isDraft = isDraft
        if document.role == .draft, !editor.has("draft"), !editor.has("published") {
            notes.add(&editor, "draft", "true", .draftAdded)
        }
        let name = document.urlName
        let datePrefix = URLSlugs.datePrefix(name)
        if editor.string("title") == nil, !isDraft {
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
            outcome.decision = policy.decidePage(document, frontSlug: editor.string("slug"),
                                                 frontPermalink: editor.string(generator == .jekyll ? "permalink" : "url"), title: editor.string("title"))
        } else {
            var categories = editor.strings("categories") + editor.strings("category")
            if !document.folderCategories.isEmpty {
                categories = document.folderCategories + categories.filter { !document.folderCategories.contains($0) }
                if !editor.has("categories"), !editor.has("category") {
                    notes.add(&editor, "categories", "[" + document.folderCategories.map(YAMLText.quoted).joined(separator: ", ") + "]", .categoriesAdded)
                }
            }
            let below = document.destination.split(separator: "/").dropFirst(2)
            let facts = PostFacts(fileName: name, frontSlug: editor.string("slug"), title: editor.string("title"), date: date,
                                  categories: categories, folders: document.folders,
                                  sitegenSection: below.count > 1 ? below.first.map(String.init) ?? "posts" : "posts")
            outcome.decision = policy.decide(facts, frontPermalink: editor.string(generator == .jekyll ? "permalink" : "url"))
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

        let body = convertBody(document, source)
        let yaml = editor.acceptsNewKeys ? editor.text : source.yaml
        let unchanged = yaml == source.yaml && body.bytes == source.body && source.format == .yaml
        outcome.bytes = unchanged ? source.original : source.assembled(yaml: yaml, body: body.bytes)
        let bodyFirstLine = 2 + yaml.utf8.lazy.filter { $0 == 0x0A }.count + 1
        outcome.report = notes.report(yaml: yaml)
        if document.source.fileExtension != ".md" { outcome.report.record(.extensionRenamed, ImportPlace(file: document.destination)) }
        BodyPlaces.record(body, file: document.destination, firstLine: bodyFirstLine, into: &outcome.report)
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

    private func convertBody(_ document: PlannedDocument, _ source: SourceDocument) -> ConvertedBody {
        let context = ConversionContext(documentPath: document.destination, sourcePath: document.source, targets: targets,
                                        siteURL: siteURL, basePath: basePath)
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
