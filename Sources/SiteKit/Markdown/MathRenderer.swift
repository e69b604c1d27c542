import Foundation
import Markdown
import Support

/// Renders TeX formulas to MathML at build time with KaTeX: all formulas of a build in one
/// `node` process, each result cached, so a rebuild with unchanged formulas starts none.
///
/// In a build (``SitePages``), ``PostBodyRenderer/formulas(in:)`` collects the formulas of
/// every post and page, one `render` call renders them all, and each body's formula blocks
/// are replaced by their HTML (``MathCollector/replacingFormulas(in:with:)``) before the
/// body is rendered. Errors (bad TeX) fail the build; a missing KaTeX is one warning, or
/// one error with ``unrenderedIsError`` (a build in CI).
struct MathRenderer: Sendable {
    /// Rendered formulas, one file per formula, named by a hash of KaTeX's version and the formula.
    var cacheFolder: URL
    var katex: KaTeX
    /// Formulas that cannot be rendered fail the build instead of being shown as TeX.
    var unrenderedIsError = false

    init(cacheFolder: URL, katex: KaTeX = .find()) {
        self.cacheFolder = cacheFolder
        self.katex = katex
    }

    /// `<site root>/.sitegen-cache/math`.
    static func cacheFolder(siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(".sitegen-cache/math")
    }

    func render(_ formulas: [MathFormula]) -> MathRendering {
        var rendering = MathRendering()
        var seen: Set<MathFormula.Key> = []
        let keys = formulas.map(\.key).filter { seen.insert($0).inserted }
        let version = katex.version
        var pending: [MathFormula.Key] = []
        for key in keys {
            if let version, let html = CacheFile.text(cacheURL(key, version: version)) {
                rendering.htmlByKey[key] = html
            } else {
                pending.append(key)
            }
        }
        guard !pending.isEmpty else { return rendering }
        let unrendered = Set(pending)
        let written = formulas.filter { unrendered.contains($0.key) }
        let results: [KaTeXResult]
        do throws(Unrendered) {
            if let missing = katex.missing { throw Unrendered("\(missing). To render them with KaTeX: apt-get install katex") }
            rendering.processRuns = 1
            results = try run(pending)
        } catch {
            let place = SourceLocation(line: written[0].line, column: 1)
            let count = "\(written.count) math formula\(written.count == 1 ? "" : "s")"
            rendering.diagnostics.append(unrenderedIsError
                ? .error(written[0].file, place, "\(count) cannot be rendered, and a build in CI (CI=true) does not publish TeX source: \(error.reason)")
                : .warning(written[0].file, place, "\(count) shown as TeX source: \(error.reason)"))
            results = pending.map { _ in KaTeXResult() }
        }
        for (key, result) in zip(pending, results) {
            if let html = result.html, let version {
                let wrapped = key.isDisplay ? "<div class=\"math math-display\">\(html)</div>" : "<span class=\"math\">\(html)</span>"
                rendering.htmlByKey[key] = wrapped
                CacheFile.write(Data(wrapped.utf8), to: cacheURL(key, version: version))
                continue
            }
            rendering.htmlByKey[key] = Self.sourceHTML(key)
            if let error = result.error {
                rendering.diagnostics += written.filter { $0.key == key }.map {
                    .error($0.file, SourceLocation(line: $0.line, column: 1), error)
                }
            }
        }
        return rendering
    }

    /// Where KaTeX could not be run: the TeX as code, escaped once.
    static func sourceHTML(_ key: MathFormula.Key) -> String {
        // The Markdown renderer's own escaping of a text node.
        let escaped = HTMLRenderer().render([.text(key.tex)], options: MarkdownOptions())
        return key.isDisplay
            ? "<pre class=\"math math-source\"><code>\(escaped)</code></pre>"
            : "<code class=\"math math-source\">\(escaped)</code>"
    }

    func cacheURL(_ key: MathFormula.Key, version: String) -> URL {
        var hash = SHA256()
        for part in ["katex", version, key.isDisplay ? "display" : "inline", key.tex] { hash.update(part: part) }
        return cacheFolder.appendingPathComponent("\(hash.hexDigest()).html")
    }

    private struct KaTeXInput: Encodable {
        var tex: String
        var display: Bool
    }

    /// KaTeX's `position` of an error is not read: its message already shows the place.
    private struct KaTeXResult: Decodable {
        var html: String?
        var error: String?
    }

    /// Why no formula could be rendered.
    private struct Unrendered: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One node process for all of `keys`.
    private func run(_ keys: [MathFormula.Key]) throws(Unrendered) -> [KaTeXResult] {
        guard let node = katex.node, let module = katex.module,
              let input = try? JSONEncoder().encode(keys.map { KaTeXInput(tex: $0.tex, display: $0.isDisplay) }) else {
            throw Unrendered("the formulas could not be handed to node")
        }
        try? FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let result = ProcessRunner.run(node, ["-e", KaTeX.program, module.path], in: cacheFolder, input: input, timeout: 120)
        guard result.status == 0, let output = try? JSONDecoder().decode([KaTeXResult].self, from: Data(result.stdout.utf8)),
              output.count == keys.count else {
            let said = result.stderr.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            throw Unrendered("KaTeX did not run (node, status \(result.status)\(said.map { ": \($0)" } ?? ""))")
        }
        return output
    }
}

/// The HTML of each formula of one ``MathRenderer/render(_:)`` call, and what went wrong.
struct MathRendering: Sendable {
    /// MathML from KaTeX, or the TeX as code where it could not be rendered.
    var htmlByKey: [MathFormula.Key: String] = [:]
    /// An error at each formula KaTeX rejects; one warning if KaTeX could not be run.
    var diagnostics: [Diagnostic] = []
    /// How many node processes the render started: 0 when the cache held every formula.
    var processRuns = 0

    func html(for formula: MathFormula) -> String? {
        htmlByKey[formula.key]
    }

    func html(tex: String, display: Bool) -> String? {
        htmlByKey[MathFormula.Key(tex: tex, isDisplay: display)]
    }
}
