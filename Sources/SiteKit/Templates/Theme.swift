import Foundation
import Mustache
import Support
import YAML

/// A theme ready to render: every template parsed once, the site's overrides applied,
/// and every partial and parent a template names known to exist.
struct Theme: Sendable {
    static let fileExtension = "mustache"

    var name: String
    /// Copied into the output before `Content/static/`, which may replace its files.
    var staticFolder: URL
    let library: MustacheLibrary
    /// Template name → the file it came from (`Themes/default/templates/post.mustache`).
    let files: [String: String]
    /// Template name → its text: two themes with equal sources render alike.
    let sources: [String: String]
    /// The words the templates show, in the site's language.
    let strings: UIStrings
    /// The built-in theme's `static/` files (path relative to it, bytes), in place of
    /// `staticFolder`, which then does not exist; empty for a theme folder.
    let builtInStaticFiles: [(path: String, bytes: [UInt8])]

    init(name: String, staticFolder: URL, library: MustacheLibrary, files: [String: String], sources: [String: String] = [:],
         strings: UIStrings = UIStrings(), builtInStaticFiles: [(path: String, bytes: [UInt8])] = []) {
        self.name = name
        self.staticFolder = staticFolder
        self.library = library
        self.files = files
        self.sources = sources
        self.strings = strings
        self.builtInStaticFiles = builtInStaticFiles
    }

    /// The template that renders pages of a route: its own, or the fallback the routes
    /// table names when the theme lacks it.
    func template(for route: PageRoute) -> String {
        if case .optional(let fallback) = route.template, files[route.kind.templateName] == nil { return fallback }
        return route.kind.templateName
    }

    /// The file a template came from, as diagnostics name it.
    func file(ofTemplate name: String) -> String {
        files[name] ?? "\(name).\(Self.fileExtension)"
    }

    /// Renders a page. A failure names the template file, line and column of the tag.
    /// The page as UTF-8, which is how it is written.
    func render(_ template: String, context: MustacheValue) throws(Diagnostic) -> [UInt8] {
        do {
            return try library.renderUTF8(templateNamed: template, context: context)
        } catch let error as MustacheError {
            let location = error.line > 0 ? SourceLocation(line: error.line, column: error.column) : nil
            throw .error(file(ofTemplate: error.templateName), location, error.message)
        } catch {
            throw .error(file(ofTemplate: template), nil, "\(error)")
        }
    }
}

/// Reads `Themes/<theme>/templates/*.mustache`, then `Content/templates/*.mustache`, where a
/// file replaces the theme's template of the same name (or adds a partial). A site without
/// `Themes/default/` gets the default theme built into sitegen (``BuiltInTheme``).
struct ThemeLoader: Sendable {
    var layout: SiteLayout
    var config: SiteConfig
    /// A preview server's: the last theme loaded, reused while nothing it was made of changed.
    var cache: LastTheme?
    /// Known to be as the cache's last theme was made (only posts, pages or static files
    /// changed since): it is taken without looking at its files.
    var unchanged = false

    /// What a theme is made of: the settings it takes and the status of every file in its
    /// templates folder, the site's overrides and the strings files it may read.
    struct Inputs: Hashable, Sendable {
        var theme: String
        var language: String
        var strings: [String: String]
        var files: [String: FileStatus?]
    }

    /// The last theme loaded without an error, with its warnings, by its ``Inputs``.
    final class LastTheme: @unchecked Sendable {
        private let lock = NSLock()
        private var last: (inputs: Inputs, theme: Theme, warnings: [Diagnostic])?

        /// The last theme, whatever it was made of.
        var lastLoaded: (theme: Theme, warnings: [Diagnostic])? { lock.withLock { last.map { ($0.theme, $0.warnings) } } }

        func theme(for inputs: Inputs) -> (theme: Theme, warnings: [Diagnostic])? {
            lock.withLock { last.flatMap { $0.inputs == inputs ? ($0.theme, $0.warnings) : nil } }
        }

        func keep(_ loaded: (theme: Theme, warnings: [Diagnostic]), for inputs: Inputs) {
            lock.withLock { last = (inputs, loaded.theme, loaded.warnings) }
        }
    }

    /// The theme, or every error found in its templates and the overrides. With a `cache`,
    /// a theme whose files and settings are as they were is not read again: parsing its
    /// templates was a twentieth of a one-post rebuild at 1,000 posts.
    func load() throws(DiagnosticsError) -> (theme: Theme, warnings: [Diagnostic]) {
        guard let cache else { return try read() }
        if unchanged, let last = cache.lastLoaded { return last }
        let inputs = self.inputs()
        if let known = cache.theme(for: inputs) { return known }
        let loaded = try read()
        cache.keep(loaded, for: inputs)
        return loaded
    }

    /// Lists the theme's folders and stats their files; reads none of them.
    func inputs() -> Inputs {
        let folder = layout.theme(named: config.theme)
        var files: [String: FileStatus?] = [:]
        for listed in [folder.appendingPathComponent("templates"), layout.templateOverrides] {
            files[listed.path] = FileStatus.of(listed.path)
            for path in DirectoryWalker.files(below: listed.path, includeHidden: false) {
                let file = listed.path + "/" + path
                files[file] = FileStatus.of(file)
            }
        }
        let language = config.language
        for candidate in [language, String(language.prefix { $0 != "-" && $0 != "_" })] {
            let file = folder.appendingPathComponent("strings/\(candidate).yml").path
            files[file] = FileStatus.of(file)
        }
        files[folder.path] = FileStatus.of(folder.path)
        return Inputs(theme: config.theme, language: language, strings: config.strings, files: files)
    }

    private func read() throws(DiagnosticsError) -> (theme: Theme, warnings: [Diagnostic]) {
        let folder = layout.theme(named: config.theme)
        let templatesFolder = folder.appendingPathComponent("templates")
        let builtIn = config.theme == BuiltInTheme.name && !isFolder(folder)
        guard builtIn || isFolder(folder) else { throw DiagnosticsError([missingTheme()]) }
        let boundary = FolderBoundary(root: layout.root.path)
        if !builtIn, let problem = boundary.problem(withFolder: templatesFolder.path) {
            throw DiagnosticsError([.error(layout.displayPath(URL(fileURLWithPath: problem.path)), nil, problem.message)])
        }
        guard builtIn || isFolder(templatesFolder) else {
            throw DiagnosticsError([.error(layout.displayPath(templatesFolder), nil,
                                           "theme '\(config.theme)' has no templates folder; a theme keeps its .\(Theme.fileExtension) files there")])
        }
        var diagnostics: [Diagnostic] = []
        var sources = builtIn ? BuiltInTheme.templates : templateFiles(in: templatesFolder, boundary, &diagnostics)
        if isFolder(layout.templateOverrides) {
            // An override replaces the theme's file of the same name.
            sources.merge(templateFiles(in: layout.templateOverrides, boundary, &diagnostics)) { _, override in override }
        }
        // A kind of page newer than the theme: the built-in theme's template, which fills the
        // blocks of the theme's `base`; a theme without one needs its own template.
        for route in PageRoute.table where route.template == .builtIn && sources[route.kind.templateName] == nil
            && (route.kind != .search || config.search) {
            let name = route.kind.templateName
            guard sources["base"] != nil else {
                diagnostics.append(.error(layout.displayPath(templatesFolder), nil,
                                          "theme '\(config.theme)' has no \(name).\(Theme.fileExtension), which renders \(route.renders), "
                                          + "nor a base.\(Theme.fileExtension) for the built-in one to fill; add \(name).\(Theme.fileExtension)"
                                          + (route.kind == .search ? ", or set search: false in site.yml" : "")))
                continue
            }
            sources[name] = BuiltInTheme.templates[name]
        }
        var templates: [MustacheTemplate] = []
        var texts: [String: String] = [:]
        for (name, file) in sources.sorted(by: { $0.key < $1.key }) {
            let path = file.displayPath(in: layout)
            do {
                let source = try file.read(in: layout)
                texts[name] = source.text
                templates.append(try MustacheTemplate(source: source.text, name: name))
            } catch let error as Diagnostic {
                diagnostics.append(error)
            } catch let error as MustacheError {
                diagnostics.append(.error(path, SourceLocation(line: error.line, column: error.column), error.message))
            } catch {
                diagnostics.append(.error(path, nil, "\(error)"))
            }
        }
        let files = sources.mapValues { $0.displayPath(in: layout) }
        diagnostics += missingReferences(templates, files: files)
        for route in PageRoute.table where route.template == .required && sources[route.kind.templateName] == nil {
            diagnostics.append(.error(layout.displayPath(templatesFolder), nil,
                                      "theme '\(config.theme)' has no \(route.kind.templateName).\(Theme.fileExtension), which renders \(route.renders)"))
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticsError(Diagnostic.inReadingOrder(diagnostics))
        }
        let themeStrings = strings(in: folder, builtIn: builtIn, &diagnostics)
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticsError(Diagnostic.inReadingOrder(diagnostics))
        }
        let theme = Theme(name: config.theme, staticFolder: folder.appendingPathComponent("static"),
                          library: MustacheLibrary(templates: templates, strict: true), files: files, sources: texts,
                          strings: UIStrings(replacements: [themeStrings, config.strings]),
                          builtInStaticFiles: builtIn ? BuiltInTheme.staticFiles : [])
        return (theme, diagnostics)
    }

    /// The theme's texts for the site's language: `strings/de-CH.yml`, else `strings/de.yml`
    /// for `language: de-CH`; none (English) when the theme has neither.
    private func strings(in folder: URL, builtIn: Bool, _ diagnostics: inout [Diagnostic]) -> [String: String] {
        let language = config.language
        let candidates = [language, String(language.prefix { $0 != "-" && $0 != "_" })].map { "strings/\($0).yml" }
        let found: ThemeFile? = candidates.lazy.compactMap { relative -> ThemeFile? in
            if builtIn { return BuiltInTheme.file(relative).map { .builtIn(path: relative, bytes: $0) } }
            let url = folder.appendingPathComponent(relative)
            return FileManager.default.fileExists(atPath: url.path) ? .disk(url) : nil
        }.first
        guard let file = found else { return [:] }
        let path = file.displayPath(in: layout)
        let source: SourceText
        do {
            source = try file.read(in: layout)
        } catch {
            diagnostics.append(error)
            return [:]
        }
        do {
            guard let root = try YAMLParser.parse(source.text) else { return [:] }
            let (texts, found) = UIStringsDecoder.decode(root, file: path)
            diagnostics += found
            return texts
        } catch {
            let (location, message) = error.shifted(by: 0)
            diagnostics.append(.error(path, location, message))
            return [:]
        }
    }

    private func missingTheme() -> Diagnostic {
        let folders = layout.themeFolders
        let available = Set(folders + [BuiltInTheme.name]).sorted()
        let listed = available.map { folders.contains($0) ? $0 : "\($0) (built in)" }.joined(separator: ", ")
        return .error(layout.displayPath(layout.configFile), config.themeLocation,
                      "theme '\(config.theme)' not found in Themes/\(DidYouMean.hint(for: config.theme, among: available)); themes: \(listed)")
    }

    /// Template name → file. Other files are reported: a misnamed template must not vanish.
    private func templateFiles(in folder: URL, _ boundary: FolderBoundary, _ diagnostics: inout [Diagnostic]) -> [String: ThemeFile] {
        var found: [String: ThemeFile] = [:]
        let suffix = "." + Theme.fileExtension
        // Links that lead outside the site, loops and FIFOs are errors, never read.
        let listing = boundary.files(below: folder.path, includeHidden: false)
        diagnostics += listing.problems.map { .error(layout.displayPath(URL(fileURLWithPath: $0.path)), nil, $0.message) }
        for path in listing.files {
            let url = folder.appendingPathComponent(path)
            if path.hasSuffix(suffix) && !path.contains("/") {
                found[String(path.dropLast(suffix.count))] = .disk(url)
            } else {
                diagnostics.append(.warning(layout.displayPath(url), nil,
                                            "not a template: only \(suffix) files directly in \(folder.lastPathComponent)/ are read"))
            }
        }
        return found
    }

    /// Every literal `{{>partial}}` and `{{<parent}}` must name a template, checked before any
    /// page renders so the error comes once, at the tag.
    private func missingReferences(_ templates: [MustacheTemplate], files: [String: String]) -> [Diagnostic] {
        let names = templates.map(\.name)
        let known = Set(names)
        return templates.flatMap { template in
            template.references.filter { !known.contains($0.name) }.map { reference in
                let what = reference.kind == .partial ? "partial" : "parent template"
                return Diagnostic.error(files[template.name]!, SourceLocation(line: reference.line, column: reference.column),
                                        "no \(what) '\(reference.name)': no \(reference.name).\(Theme.fileExtension) in the theme or Content/templates/\(DidYouMean.hint(for: reference.name, among: names))")
            }
        }
    }

    private func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
