import Markdown

/// What each body puts before its footnote ids, so that bodies shown side by side never
/// share one: a feed carries twenty posts whose footnotes are all `[^1]`. Every body gets
/// its prefix, on its own page too, since a feed's `#fn-1` link is made absolute to the
/// post's page and must find the same id there.
///
/// The prefix is the last segment of the page's URL, which is its slug for every usual
/// permalink (`/posts/swift-access-modifiers/` → `swift-access-modifiers-`, so the ids are
/// `swift-access-modifiers-fn-1` and `swift-access-modifiers-fnref-1`). Pages whose URLs end
/// alike (`/2020/hello/`, `/2021/hello/`) get `hello-` and `hello-2-`, in URL order.
struct FootnoteIDPrefixes: Sendable, Equatable {
    private var byURLPath: [String: String] = [:]

    /// `urlPaths`: every published post's and page's URL path (`/posts/x/`).
    init(urlPaths: some Sequence<String>) {
        let paths = Set(urlPaths).sorted()
        let names = paths.map(Self.name(of:))
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        var used = Set(names.filter { counts[$0] == 1 })
        for (path, name) in zip(paths, names) {
            var candidate = name
            if counts[name, default: 0] > 1 {
                var number = 1
                while used.contains(candidate) {
                    number += 1
                    candidate = "\(name)-\(number)"
                }
                used.insert(candidate)
            }
            byURLPath[path] = candidate + "-"
        }
    }

    /// The prefix of the body published at `urlPath`.
    func prefix(for urlPath: String) -> String {
        byURLPath[urlPath] ?? Self.name(of: urlPath) + "-"
    }

    /// The URL's last segment without `.html`: `/posts/x/` → `x`, `/2021/x.html` → `x`.
    static func name(of urlPath: String) -> String {
        var segment = Substring(urlPath.split(separator: "/").last ?? "")
        for suffix in [".html", ".htm"] where segment.hasSuffix(suffix) { segment = segment.dropLast(suffix.count) }
        return segment.isEmpty ? "page" : String(segment)
    }

    /// The id of the footnotes' visually hidden heading (``PostBodyRenderer``'s).
    static func headingID(prefix: String) -> String {
        prefix + "footnotes"
    }

    /// Every id the footnotes of `document` take with `prefix` (definitions and each
    /// reference), so that no heading takes one. As the renderer writes them, but unescaped:
    /// heading ids are compared before they are escaped.
    static func ids(in document: MarkdownDocument, prefix: String) -> Set<String> {
        var ids = Set<String>()
        if !document.footnoteDefinitions.isEmpty { ids.insert(headingID(prefix: prefix)) }
        for definition in document.footnoteDefinitions {
            ids.insert(prefix + "fn-" + definition.label)
            ids.insert(prefix + "fnref-" + definition.label)
            if definition.referenceCount > 1 {
                for occurrence in 2...definition.referenceCount { ids.insert(prefix + "fnref-\(definition.label)-\(occurrence)") }
            }
        }
        return ids
    }
}
