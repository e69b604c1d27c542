import Foundation
import Support

/// One feed of the site (all posts, a tag's, or a series'), ready to be written in
/// each ``FeedFormat``. Every URL in it is absolute.
struct Feed: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var title: String
        var url: String
        var published: PostDate
        var updated: PostDate
        var summary: String
        /// The post's body as its page has it (links relative to the site); made absolute
        /// when the feed is written (``FeedContent``), so comparing two feeds stays cheap.
        var bodyHTML: String
        var tags: [String]
    }

    var title: String
    var description: String
    var language: String
    var author: String
    /// The page the feed belongs to (the home page, a tag's page).
    var pageURL: String
    /// The folder the feed files are published in, site-relative (`/`, `/tags/swift/`).
    var folderURLPath: String
    /// Newest first.
    var entries: [Entry]

    /// The newest date of any entry: a feed that did not change keeps its bytes.
    var updated: PostDate {
        entries.map(\.updated).max() ?? PostDate(year: 1970, month: 1, day: 1)
    }
}

/// A post's body as a feed carries it: its links made absolute, as UTF-8, which each
/// format copies into its file (``FeedText``).
struct FeedContent: Sendable {
    var html: [UInt8]

    /// Each entry's body with its links made absolute.
    static func of(_ feed: Feed, urls: SiteURLs) -> [FeedContent] {
        feed.entries.map { FeedContent(html: urls.absolutizingLinkBytes(in: $0.bodyHTML, pageURL: $0.url)) }
    }
}

/// A feed file being written, as UTF-8 bytes. The bodies, nearly all of a feed's size, go in
/// once each, straight from ``FeedContent``, into storage reserved for all of them, rather
/// than through a string of each that a growing string then copies again.
struct FeedText {
    private(set) var bytes: [UInt8] = []

    init(contents: [FeedContent]) {
        bytes.reserveCapacity(contents.reduce(4096) { $0 + $1.html.count + $1.html.count / 8 + 1024 })
    }

    static func += (text: inout FeedText, string: String) {
        text.bytes.append(contentsOf: string.utf8)
    }

    /// `<![CDATA[…]]>` after `open` and before `close`, for Atom's `content` and RSS's
    /// `description`: no escaping to undo, and a `]]>` in the text is split across two sections.
    mutating func appendCDATA(_ html: [UInt8], between open: String, and close: String) {
        self += open
        bytes.append(contentsOf: "<![CDATA[".utf8)
        html.withUnsafeBufferPointer { html in
            let end: StaticString = "]]>"
            let needle = UnsafeBufferPointer(start: end.utf8Start, count: end.utf8CodeUnitCount)
            var runStart = 0
            while let found = UTF8Bytes.firstOffset(of: needle, in: html, from: runStart) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart..<found]))
                bytes.append(contentsOf: "]]]]><![CDATA[>".utf8)
                runStart = found + needle.count
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: html[runStart...]))
        }
        bytes.append(contentsOf: "]]>".utf8)
        self += close
    }

    /// The body as a JSON string literal, quotes included.
    mutating func appendJSON(_ html: [UInt8]) {
        html.withUnsafeBufferPointer { JSONText.appendQuoted($0, to: &bytes) }
    }
}

/// The feed formats' media types and rendering; their file names are routes (``FeedFormat``).
extension FeedFormat {
    var mediaType: String {
        switch self {
        case .atom: return "application/atom+xml"
        case .rss: return "application/rss+xml"
        case .json: return "application/feed+json"
        }
    }

    /// The feed in this format; `contents` are its entries' bodies (``FeedContent/of(_:urls:)``).
    func render(_ feed: Feed, contents: [FeedContent], urls: SiteURLs) -> [UInt8] {
        let selfURL = urls.absolute(urlPath: urlPath(in: feed.folderURLPath))
        switch self {
        case .atom: return Self.atom(feed, contents: contents, selfURL: selfURL)
        case .rss: return Self.rss(feed, contents: contents, selfURL: selfURL)
        case .json: return Self.json(feed, contents: contents, selfURL: selfURL)
        }
    }

    /// Atom 1.0 (RFC 4287): RFC 3339 dates, the full HTML in `content` as CDATA.
    private static func atom(_ feed: Feed, contents: [FeedContent], selfURL: String) -> [UInt8] {
        let e = HTMLText.escaped
        var xml = FeedText(contents: contents)
        xml += """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(e(feed.language))">
            <title>\(e(feed.title))</title>
            <subtitle>\(e(feed.description))</subtitle>
            <link href="\(e(selfURL))" rel="self" type="application/atom+xml"/>
            <link href="\(e(feed.pageURL))" rel="alternate" type="text/html"/>
            <id>\(e(selfURL))</id>
            <updated>\(feed.updated.rfc3339)</updated>
            <author><name>\(e(feed.author))</name></author>
            <generator>sitegen</generator>

            """
        for (entry, content) in zip(feed.entries, contents) {
            xml += """
                <entry>
                <title>\(e(entry.title))</title>
                <link href="\(e(entry.url))" rel="alternate" type="text/html"/>
                <id>\(e(entry.url))</id>
                <published>\(entry.published.rfc3339)</published>
                <updated>\(entry.updated.rfc3339)</updated>
                <summary>\(e(entry.summary))</summary>

                """
            for tag in entry.tags { xml += "<category term=\"\(e(tag))\"/>\n" }
            xml.appendCDATA(content.html, between: "<content type=\"html\">", and: "</content>\n</entry>\n")
        }
        xml += "</feed>\n"
        return xml.bytes
    }

    /// RSS 2.0: RFC 822 dates, the full HTML in `description` as CDATA.
    private static func rss(_ feed: Feed, contents: [FeedContent], selfURL: String) -> [UInt8] {
        let e = HTMLText.escaped
        var xml = FeedText(contents: contents)
        xml += """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
            <title>\(e(feed.title))</title>
            <link>\(e(feed.pageURL))</link>
            <description>\(e(feed.description))</description>
            <language>\(e(feed.language))</language>
            <generator>sitegen</generator>
            <lastBuildDate>\(feed.updated.rfc822)</lastBuildDate>
            <atom:link href="\(e(selfURL))" rel="self" type="application/rss+xml"/>

            """
        for (entry, content) in zip(feed.entries, contents) {
            xml += """
                <item>
                <title>\(e(entry.title))</title>
                <link>\(e(entry.url))</link>
                <guid isPermaLink="true">\(e(entry.url))</guid>
                <pubDate>\(entry.published.rfc822)</pubDate>

                """
            for tag in entry.tags { xml += "<category>\(e(tag))</category>\n" }
            xml.appendCDATA(content.html, between: "<description>", and: "</description>\n</item>\n")
        }
        xml += "</channel>\n</rss>\n"
        return xml.bytes
    }

    /// JSON Feed 1.1: RFC 3339 dates. Written by hand with a byte-level string escaper,
    /// which is several times faster than JSONEncoder on full-content feeds.
    private static func json(_ feed: Feed, contents: [FeedContent], selfURL: String) -> [UInt8] {
        let q = JSONText.quoted
        var json = FeedText(contents: contents)
        json += """
            {
              "version": "https://jsonfeed.org/version/1.1",
              "title": \(q(feed.title)),
              "home_page_url": \(q(feed.pageURL)),
              "feed_url": \(q(selfURL)),
              "description": \(q(feed.description)),
              "language": \(q(feed.language)),
              "authors": [{"name": \(q(feed.author))}],
              "items": [
            """
        for (number, (entry, content)) in zip(feed.entries, contents).enumerated() {
            json += number == 0 ? "\n" : ",\n"
            json += """
                    {
                      "id": \(q(entry.url)),
                      "url": \(q(entry.url)),
                      "title": \(q(entry.title)),
                      "summary": \(q(entry.summary)),
                      "date_published": "\(entry.published.rfc3339)",
                      "date_modified": "\(entry.updated.rfc3339)",
                      "tags": [\(entry.tags.map(q).joined(separator: ", "))],
                """
            json += "\n      \"content_html\": "
            json.appendJSON(content.html)
            json += "\n    }"
        }
        json += feed.entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return json.bytes
    }
}
