import Foundation
import SiteKit

/// What a post's URL is made of, in the source site and in the imported one.
struct PostFacts: Sendable {
    /// The file's name without its extension; for a bundle's `index.md`, the folder's name.
    var fileName: String
    var frontSlug: String?
    var title: String?
    var date: LenientDate?
    var categories: [String] = []
    /// Jekyll: the categories Jekyll gave the post (folders, defaults, `categories`,
    /// `category`), when they differ from those the build reads.
    var oldCategories: [String]?
    /// Hugo: the folders below `content/` (the first is the section).
    var folders: [String] = []
    /// sitegen's `:section`: the first folder below `Content/posts/`, else `posts`.
    var sitegenSection = "posts"

    /// The slug sitegen gives the post as imported (without an added `slug:`).
    var sitegenSlug: String {
        URLSlugs.sitegen(frontSlug: frontSlug, fileSlug: URLSlugs.datePrefix(fileName).flatMap { $0.strict ? $0.rest : nil } ?? fileName)
    }
}

/// Permalink patterns of Jekyll, Hugo and sitegen: their tokens, and a URL path from a
/// pattern and a post.
enum Permalinks {
    static let sitegenDefault = "/posts/:slug/"

    /// Jekyll's named styles as patterns; anything else is a pattern already.
    static func jekyllPattern(_ style: String) -> String {
        switch style {
        case "date": "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": "/:categories/:year/:month/:day/:title/"
        case "ordinal": "/:categories/:year/:y_day/:title:output_ext"
        case "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext"
        case "none": "/:categories/:title:output_ext"
        default: style
        }
    }

    /// A Jekyll pattern in sitegen's tokens (`:title` is the file's slug, sitegen's `:slug`),
    /// or nil when a token has no sitegen equivalent.
    static func fromJekyll(_ pattern: String) -> String? {
        let same = ["year", "month", "day", "i_month", "i_day", "short_year", "hour", "minute", "second", "categories"]
        return translate(pattern) { token in
            switch token {
            case "title", "slug": ":slug"
            case "output_ext": ".html"
            default: same.contains(token) ? ":" + token : nil
            }
        }
    }

    /// A Hugo pattern in sitegen's tokens, or nil when a token has no sitegen equivalent.
    /// Hugo's `:slug` falls back to the title; the import writes that slug out where needed.
    static func fromHugo(_ pattern: String) -> String? {
        translate(pattern) { token in
            switch token {
            case "year", "month", "day", "section", "title", "slug", "filename": ":" + token
            case "slugorfilename", "slugorcontentbasename": ":slug"
            case "contentbasename": ":filename"
            default: nil
            }
        }
    }

    private static func translate(_ pattern: String, _ token: (String) -> String?) -> String? {
        var failed = false
        let translated = expand(pattern) { name in
            guard let replacement = token(name) else {
                failed = true
                return nil
            }
            return replacement
        }
        return failed ? nil : translated.map { $0.hasSuffix("/") || $0.hasSuffix(".html") ? $0 : $0 + "/" }
    }

    /// `pattern` with each `:token` replaced by `value(token)`; nil when a token has no value.
    /// Empty values drop their `/` (as Jekyll drops `:categories` of a post without any).
    static func expand(_ pattern: String, _ value: (String) -> String?) -> String? {
        var result = ""
        var characters = Substring(pattern)
        while let first = characters.first {
            characters = characters.dropFirst()
            guard first == ":", let letter = characters.first, letter.isLetter else {
                result.append(first)
                continue
            }
            let name = characters.prefix { $0.isLetter || $0 == "_" }
            characters = characters.dropFirst(name.count)
            guard let replacement = value(String(name)) else { return nil }
            result += replacement
        }
        var path = "/" + result
        while path.contains("//") { path = path.replacingDoubleSlashes() }
        return path
    }

    /// The URL path sitegen gives the post under `pattern` (docs/content.md), with `slug` as its slug.
    static func sitegenURL(_ facts: PostFacts, pattern: String, slug: String) -> String? {
        let date = facts.date
        return expand(pattern) { token in
            switch token {
            case "slug": return slug
            case "title": return facts.title.map(URLSlugs.hugo)
            case "filename": return facts.fileName
            case "section": return facts.sitegenSection
            case "categories": return facts.categories.map(Slug.make).filter { !$0.isEmpty }.joined(separator: "/")
            default: return date.flatMap { dateToken(token, $0.day(atOffset: $0.offsetMinutes ?? 0)) }
            }
        }
    }

    /// The URL path Jekyll gave the post: dates in the site's time zone (`zoneOffset`
    /// minutes east of UTC; UTC when `_config.yml` names none, as on GitHub Pages).
    static func jekyllURL(_ facts: PostFacts, pattern: String, zoneOffset: Int) -> String? {
        guard let date = facts.date else { return nil }
        let local = date.day(atOffset: zoneOffset)
        let slugSource = facts.frontSlug ?? (URLSlugs.datePrefix(facts.fileName)?.rest ?? facts.fileName)
        // Every value percent-encoded, as Jekyll's `URL#generate_url_from_drop` does.
        return expand(pattern) { token in jekyllValue(token).map(jekyllEscaped) }
        func jekyllValue(_ token: String) -> String? {
            switch token {
            case "title": return URLSlugs.jekyll(slugSource, pretty: true, cased: true)
            case "slug": return URLSlugs.jekyll(slugSource, pretty: false, cased: false)
            // As Jekyll's `UrlDrop`: lower case, not made a slug (`Developer Tools` is `developer%20tools`).
            case "categories": return (facts.oldCategories ?? facts.categories).map { $0.lowercased() }.joined(separator: "/")
            case "slugified_categories": return (facts.oldCategories ?? facts.categories).map { URLSlugs.jekyll($0, pretty: false, cased: false) }.joined(separator: "/")
            case "output_ext": return ".html"
            case "y_day": return pad(CivilDays.dayOfYear(year: local.year, month: local.month, day: local.day), 3)
            case "short_month": return String(LenientDate.months[local.month - 1].prefix(3)).capitalized
            case "long_month": return LenientDate.months[local.month - 1].capitalized
            default: return dateToken(token, local)
            }
        }
    }

    /// Jekyll's `URL.escape_path`: a value of letters, digits, `.`, `/` and `-` as it is,
    /// anything else percent-encoded as Addressable encodes a URI (`#` too).
    static func jekyllEscaped(_ value: String) -> String {
        guard !value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "./-".contains($0)) }) else { return value }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "#%")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// The URL path of the file Jekyll writes for `url` (`Document#destination`): a URL
    /// ending in `/` is its folder's `index.html`, one ending in `.html` that file, any other
    /// gets `.html` added (`/about` is written as `about.html`).
    /// The URL first made as Jekyll makes every URL (``jekyllSanitized(_:)``).
    static func jekyllWrittenURL(_ url: String) -> String {
        let url = jekyllSanitized(url)
        return url.hasSuffix("/") || url.hasSuffix(".html") ? url : url + ".html"
    }

    /// Jekyll 4.3's `URL#sanitize_url`: a `/` before it, every `..` made `/`, every `./`
    /// removed, runs of `/` made one. So `/../../a/` is `/a/` and `/x/../b/` is `/x/b/` (the
    /// `..` is dropped, not followed), as `jekyll build` writes them.
    static func jekyllSanitized(_ url: String) -> String {
        var result = ("/" + url).replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        return result
    }

    /// The URL path Hugo gave the post: its permalink pattern, or without one the folders
    /// below `content/` and the slug or file name, each through `urlize`.
    static func hugoURL(_ facts: PostFacts, pattern: String?) -> String? {
        let filename = URLSlugs.hugo(facts.fileName)
        guard let pattern else {
            return "/" + (facts.folders.map(URLSlugs.hugo) + [facts.frontSlug.map(URLSlugs.hugo) ?? filename]).joined(separator: "/") + "/"
        }
        guard let date = facts.date else { return nil }
        let local = date.day(atOffset: date.offsetMinutes ?? 0)
        let slugOrTitle = facts.frontSlug.flatMap { $0.isEmpty ? nil : URLSlugs.hugo($0) } ?? facts.title.map(URLSlugs.hugo)
        return expand(pattern) { token in
            switch token {
            case "title": return facts.title.map(URLSlugs.hugo)
            case "slug": return slugOrTitle
            case "filename", "contentbasename": return filename
            case "slugorfilename", "slugorcontentbasename": return facts.frontSlug.map(URLSlugs.hugo) ?? filename
            case "section": return facts.folders.first.map(URLSlugs.hugo) ?? ""
            case "sections": return facts.folders.map(URLSlugs.hugo).joined(separator: "/")
            case "monthname": return LenientDate.months[local.month - 1].capitalized
            case "yearday": return String(CivilDays.dayOfYear(year: local.year, month: local.month, day: local.day))
            default: return dateToken(token, local)
            }
        }
    }

    private static func dateToken(_ token: String, _ date: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)) -> String? {
        switch token {
        case "year": pad(date.year, 4)
        case "month": pad(date.month, 2)
        case "day": pad(date.day, 2)
        case "i_month": String(date.month)
        case "i_day": String(date.day)
        case "short_year": pad(date.year % 100, 2)
        case "hour": pad(date.hour, 2)
        case "minute": pad(date.minute, 2)
        case "second": pad(date.second, 2)
        default: nil
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension String {
    fileprivate func replacingDoubleSlashes() -> String {
        var result = ""
        var previous: Character?
        for character in self where !(character == "/" && previous == "/") {
            result.append(character)
            previous = character
        }
        return result
    }
}
