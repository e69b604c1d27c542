import SiteKit
import Support

/// jekyll-assets: `{% asset logo.png alt="Logo" %}` is an `<img>` of a file the plugin finds
/// in its source folders (`_assets/images/`, `assets/img/`, …) and publishes at
/// `/assets/<name>`. The import copies the images and videos of `_assets/` (which Jekyll
/// itself leaves out, as every `_` folder) to `Content/static/assets/`, and writes each tag
/// as a Markdown image of that path.
enum JekyllAssets {
    /// Where jekyll-assets looks, in its order (its default `sources`).
    static let sourceFolders: [String] = ["assets", "_assets"].flatMap { base in
        ["images", "image", "img", "videos", "video", "fonts", "css", "js", "javascript"].map { base + "/" + $0 }
    } + ["images", "image", "img", "videos", "video"]

    /// The folders of `_assets/` copied: what a page shows (images, videos).
    static let copiedFolders: Set<String> = ["_assets/images", "_assets/image", "_assets/img", "_assets/videos", "_assets/video"]

    static let imageExtensions: Set<String> = [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif"]

    /// HTML attributes an asset tag may give its image, which the kramdown extension takes.
    static let attributes: Set<String> = ["class", "id", "width", "height", "title", "style"]

    /// The files to copy out of `_assets/`, and every asset's path in the imported site by
    /// the name tags give it (relative to its source folder).
    static func plan(_ tree: SourceTree) -> (files: [PlannedFile], paths: [String: String]) {
        var files: [PlannedFile] = []
        var paths: [String: String] = [:]
        for folder in sourceFolders {
            let prefix = folder + "/"
            for path in tree.files where path.hasPrefix(prefix) {
                let name = String(path.dropFirst(prefix.count))
                guard paths[name] == nil else { continue }
                if folder.hasPrefix("_") {
                    guard copiedFolders.contains(folder) else { continue }
                    paths[name] = "/assets/" + name
                    files.append(PlannedFile(source: path, destination: "Content/static/assets/" + name))
                } else {
                    paths[name] = "/" + path
                }
            }
        }
        return (files, paths)
    }

    /// Adds the copies to the plan, and says what of `_assets/` is not imported.
    static func add(to plan: inout SitePlan, _ tree: SourceTree) -> [String: String] {
        let (files, paths) = Self.plan(tree)
        guard tree.files.contains(where: { $0.hasPrefix("_assets/") }) else { return paths }
        plan.files += files
        plan.notImported.removeAll { $0.file == "_assets/" }
        let rest = tree.files.filter { $0.hasPrefix("_assets/") }.count - files.count
        if rest > 0 {
            plan.notImported.append(ImportPlace(file: "_assets/", note: "jekyll-assets: its images and videos are copied to Content/static/assets/; "
                                                + "the rest (styles, scripts) is not imported (\(rest) file\(rest == 1 ? "" : "s"))"))
        }
        return paths
    }

    /// `{% asset name.png alt="…" %}` → `![…](/assets/name.png)`, with a kramdown span
    /// attribute list for `width=` and the like; `{% asset_path name.png %}` → the path.
    static func convert(_ token: TemplateToken, _ context: ConversionContext, lines: BodyLines, edits: inout BodyEdits,
                        events: inout [(Conversion, Int)], left: inout [LeftMark]) {
        func leave(_ note: String) {
            left.append(LeftMark(kind: LeftKind.name(of: token), offset: token.range.lowerBound, text: excerpt(lines.text(token.range)), note: note))
        }
        guard let arguments = TemplateArguments.parse(token.arguments), let name = arguments.positional.first?.text,
              !name.isEmpty, !name.contains("{{") else {
            return leave("its asset is not a plain name")
        }
        guard arguments.positional.count == 1 else { return leave("it has options (@magick:…, …) an image path cannot keep") }
        guard let path = context.assets[name] else {
            return leave("no asset '\(name)' in the source site (jekyll-assets looks in _assets/images/, assets/images/, … )")
        }
        if token.name == "asset_path" {
            guard arguments.named.isEmpty else { return leave("asset_path with attributes") }
            edits.replace(token.range, with: path)
            events.append((.assetToImage, token.range.lowerBound))
            return
        }
        guard imageExtensions.contains(name.fileExtension) else {
            return leave("not an image: jekyll-assets writes a <link> or <script> for it")
        }
        if let other = arguments.keys.first(where: { $0 != "alt" && !attributes.contains($0) }) {
            return leave("its attribute '\(other)' has no place on a Markdown image")
        }
        guard arguments.named.allSatisfy({ if case .quoted(let text) = $0.value { !text.contains("\"") && !text.contains("\n") } else { false } }) else {
            return leave("an attribute is a Liquid variable, not a quoted text")
        }
        let alt = arguments["alt"]?.text
        let others = arguments.named.filter { $0.key != "alt" }.map { "\($0.key)=\"\($0.value.text)\"" }
        let lineStart = lines.lineStart(token.range.lowerBound)
        let inHTML = lines.bytes[lineStart..<token.range.lowerBound].drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "<")
        if inHTML {
            // In an HTML block Markdown is not read: the tag's own output, an <img>.
            let attributes = ["src=\"\(path)\"", "alt=\"\(HTMLText.escaped(alt ?? ""))\""] + others
            edits.replace(token.range, with: "<img " + attributes.joined(separator: " ") + ">")
        } else {
            guard let image = MarkdownRewrites.figure(source: path, alt: alt, caption: nil, linePrefix: "").markdown else {
                return leave("its path cannot be a Markdown image's")
            }
            edits.replace(token.range, with: image + (others.isEmpty ? "" : "{: " + others.joined(separator: " ") + "}"))
        }
        events.append((.assetToImage, token.range.lowerBound))
    }
}
