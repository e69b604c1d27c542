import Foundation
import SiteKit
import Support

/// Whether the imported site answers every URL the old one served: it reads the build of
/// the imported site (``SiteBuilder/buildInMemory()``, nothing written) and looks for each
/// old URL's file among the files the output would have, a page or a redirect page. It
/// reads only the old URLs and the built site, whichever generator the site came from.
enum OldURLCheck {
    struct Miss: Sendable, Hashable {
        var oldURL: OldURL
        /// What the new site has instead (`the post is at /posts/viper/`).
        var reason: String
    }

    struct Result: Sendable {
        var checked = 0
        var answered = 0
        var misses: [Miss] = []
        /// The build's errors, when the imported site does not build (then nothing answers).
        var buildErrors: [Diagnostic] = []

        var allAnswer: Bool { buildErrors.isEmpty && answered == checked }
    }

    /// `built`: the imported site's build, or why it failed. `imported`: source path → path
    /// in the new site, to name what each document became.
    static func run(_ oldURLs: [OldURL], built: Swift.Result<InMemoryBuild, DiagnosticsError>, imported: [String: String]) -> Result {
        var result = Result(checked: oldURLs.count)
        guard !oldURLs.isEmpty else { return result }
        let build: InMemoryBuild
        switch built {
        case .success(let success):
            build = success
        case .failure(let error):
            result.buildErrors = error.diagnostics.filter { $0.severity == .error }
            result.misses = oldURLs.map { Miss(oldURL: $0, reason: "the imported site does not build") }
            return result
        }
        let missing = oldURLs.filter { !answers($0.path, in: build.outputPaths) }
        result.answered = oldURLs.count - missing.count
        for old in missing {
            let reason: String
            if let destination = imported[old.source] {
                if let url = build.urls[destination] {
                    reason = "\(destination) is at \(url), and nothing redirects from \(old.path)"
                } else {
                    reason = "\(destination) is not published (a draft, or left out by the build)"
                }
            } else {
                reason = "\(old.source) was not imported"
            }
            result.misses.append(Miss(oldURL: old, reason: reason))
        }
        return result
    }

    /// Whether the output has a file for the URL path: `/a/` is `a/index.html`; `/a.html`
    /// that file; `/a` the file `a`, else `a.html` or `a/index.html`, as static hosts serve them.
    static func answers(_ path: String, in files: Set<String>) -> Bool {
        let decoded = path.removingPercentEncoding ?? path
        let relative = decoded.hasPrefix("/") ? String(decoded.dropFirst()) : decoded
        guard !relative.split(separator: "/").contains(where: { $0 == ".." }) else { return false }
        let candidates = relative.isEmpty || relative.hasSuffix("/") ? [relative + "index.html"]
            : [relative, relative + ".html", relative + "/index.html"]
        return candidates.contains(where: files.contains)
    }
}

extension OldURLCheck {
    /// The report's last lines: `old URLs: N of M answer`, then each miss.
    static func lines(_ result: Result) -> [String] {
        var lines: [String] = []
        if !result.buildErrors.isEmpty {
            lines.append("The imported site does not build (\(result.buildErrors.count) error\(result.buildErrors.count == 1 ? "" : "s"); sitegen build shows them all), so no old URL could be checked:")
            for error in result.buildErrors.prefix(3) { lines.append("  " + error.description) }
        } else {
            for miss in result.misses {
                lines.append("  \(miss.oldURL.path) does not answer: \(miss.reason) (from \(miss.oldURL.source), \(miss.oldURL.rule))")
            }
        }
        lines.append("old URLs: \(result.answered) of \(result.checked) answer")
        return lines
    }

    /// Every old URL with whether it answers, and why not.
    static func json(_ oldURLs: [OldURL], _ result: Result?) -> String {
        guard !oldURLs.isEmpty else { return "{\"checked\": \(result?.checked ?? 0), \"answered\": \(result?.answered ?? 0), \"urls\": []}" }
        let misses = Dictionary((result?.misses ?? []).map { ($0.oldURL, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let items = oldURLs.map { url in
            var fields = ["\"path\": " + JSONText.quoted(url.path), "\"source\": " + JSONText.quoted(url.source), "\"rule\": " + JSONText.quoted(url.rule)]
            if result != nil { fields.append("\"answers\": \(misses[url] == nil)") }
            if let reason = misses[url] { fields.append("\"reason\": " + JSONText.quoted(reason)) }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\"checked\": \(result?.checked ?? 0), \"answered\": \(result?.answered ?? 0), \"urls\": [\n" + items.joined(separator: ",\n") + "\n  ]}"
    }
}

extension ImportReport {
    /// How many old URLs the imported site does not answer (all of them when it does not
    /// build); 0 when none were checked.
    package var oldURLsNotAnswering: Int {
        guard let check = oldURLCheck else { return 0 }
        return check.buildErrors.isEmpty ? check.checked - check.answered : max(check.checked, 1)
    }
}
