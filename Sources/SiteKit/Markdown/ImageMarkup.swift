import Foundation
import Support

/// The picture a post shows when it is shared (`og:image`, `twitter:image`): its `image:`,
/// else the first picture of its body, else its social card (``SocialCards``).
struct SocialImage: Sendable, Hashable {
    /// A path of the site (`/posts/x/social-card.png`), or nil for an address elsewhere.
    var sitePath: String?
    var url: String
    var alt: String
    var width: Int?
    var height: Int?
}

/// Completes the `<img>` elements of a rendered body, from Markdown, `@Image` and raw HTML
/// alike: a local image gets its `width` and `height` from its file's header, every image
/// but the page's first `loading="lazy" decoding="async"`, and a resized one its `srcset`
/// and `sizes` (and a WebP `<source>` in a `<picture>`). What the author wrote wins: an
/// attribute already there is left as it is.
struct ImageMarkup: Sendable, Equatable {
    var catalog = ImageCatalog()
    /// The settings of the resized copies; nil when none are made (no libvips).
    var resizing: SiteConfig.ImageSettings?

    /// `html` with its images completed, or the errors of local images whose header cannot
    /// be read, each at the place the body names it. `links`: the body's links and images,
    /// with the `src` the HTML gives each (Markdown's rewritten href, raw HTML's as written).
    /// Also the body's first raster image of the site, which a post without `image:` is
    /// shared with.
    func complete(_ html: String, file: String, links: [(src: String, link: ResolvedLink)]) throws(Diagnostic) -> (html: String, firstImage: SocialImage?) {
        guard UTF8Bytes.contains(html, "<img") else { return (html, nil) }
        var firstImage: SocialImage?
        // Each URL's links in the order written; each `<img>` of it takes the next (the last
        // again when a URL shows more often than written, as a link's target can be an image too).
        var byURL: [String: (links: [ResolvedLink], next: Int)] = [:]
        for (src, link) in links { byURL[Self.normalized(src), default: ([], 0)].links.append(link) }
        let bytes = Array(html.utf8)
        var edits: [(range: Range<Int>, text: String)] = []
        var problems: [Diagnostic] = []
        var isFirst = true
        RawHTMLLinks.forEachTag(in: bytes, only: "img") { element, attributes, range in
            guard element == "img" else { return }
            defer { isFirst = false }
            let names = Set(attributes.map(\.0))
            let source = attributes.first { $0.0 == "src" }?.1 ?? ""
            var added = ""
            var image: (SiteImage, ImageHeader)?
            let key = Self.normalized(source)
            var link: ResolvedLink?
            if let found = byURL[key] {
                link = found.links[min(found.next, found.links.count - 1)]
                byURL[key]?.next += 1
            }
            if let link, case .site(let path, _, _) = link.target, let found = catalog.image(atSitePath: path) {
                switch found.header {
                case .success(let header): image = (found, header)
                case .failure(let problem):
                    problems.append(.error(file, link.written.location, "the image \(found.displayName) cannot be read: \(problem.message)"))
                    return
                }
            }
            if firstImage == nil, let (_, header) = image, header.format != .svg, case .site(let path, _, _)? = link?.target {
                let alt = attributes.first { $0.0 == "alt" }.map { HTMLText.decodingEntities($0.1) } ?? ""
                firstImage = SocialImage(sitePath: path, url: path, alt: alt, width: header.width, height: header.height)
            }
            if let (_, header) = image, header.width > 0, !names.contains("width"), !names.contains("height") {
                added += " width=\"\(header.width)\" height=\"\(header.height)\""
            }
            if !isFirst {
                if !names.contains("loading") { added += " loading=\"lazy\"" }
                if !names.contains("decoding") { added += " decoding=\"async\"" }
            }
            var webpSet: String?
            if let resizing, let (_, header) = image, !names.contains("srcset"), !source.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                let variants = ImageVariants(header: header, settings: resizing, originalExtension: ImageVariants.fileExtension(of: source))
                if let srcset = variants.srcset(source: source, header: header, format: header.format) {
                    added += " srcset=\"\(srcset)\" sizes=\"\(HTMLText.escaped(resizing.sizes))\""
                    webpSet = variants.srcset(source: source, header: header, format: .webp)
                }
            }
            guard !added.isEmpty else { return }
            // Before `>`, or ` />`.
            var end = range.upperBound
            if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: ">") { end -= 1 }
            if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            while end > range.lowerBound, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            let tag = String(decoding: bytes[range.lowerBound..<end], as: UTF8.self) + added + String(decoding: bytes[end..<range.upperBound], as: UTF8.self)
            if let webpSet {
                edits.append((range, "<picture><source type=\"image/webp\" srcset=\"\(webpSet)\" sizes=\"\(HTMLText.escaped(resizing?.sizes ?? ""))\">" + tag + "</picture>"))
            } else {
                edits.append((range, tag))
            }
        }
        if let first = problems.first {
            throw .error(first.file, first.location, first.message, notes: problems.dropFirst().map { .note($0.file, $0.location, $0.message) })
        }
        guard !edits.isEmpty else { return (html, firstImage) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.count * 64)
        var at = 0
        for (range, text) in edits {
            result += bytes[at..<range.lowerBound]
            result += text.utf8
            at = range.upperBound
        }
        result += bytes[at...]
        return (String(decoding: result, as: UTF8.self), firstImage)
    }

    /// A URL as a page may write it (`a%20b.png`, `a&amp;b.png`) in one form for lookups.
    static func normalized(_ url: String) -> String {
        // Most URLs have neither: Foundation's percent decoding of every link of a body with
        // pictures was a fifth of what the pictures cost a build.
        guard url.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "&") }) else { return url }
        let decoded = HTMLText.decodingEntities(url)
        return decoded.removingPercentEncoding ?? decoded
    }
}
