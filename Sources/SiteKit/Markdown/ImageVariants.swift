/// The smaller copies of one image the build publishes beside it: for each of the site's
/// widths below the image's own, one in its format and (with `webp`) one in WebP, and a
/// WebP of the full size. Known from the header and the settings alone, so pages name
/// them while libvips is still making them.
struct ImageVariants: Sendable, Hashable {
    struct Variant: Sendable, Hashable {
        var width: Int
        var height: Int
        var format: ImageHeader.Format
        /// The file name's ending: `-480w.jpg`, `-1200w.webp`.
        var suffix: String

        /// `images/a.png` → `images/a-480w.png`: its output path beside the original's.
        func path(beside original: String) -> String {
            String(original[..<(ImageVariants.extensionDot(of: original) ?? original.endIndex)]) + suffix
        }
    }

    var variants: [Variant] = []

    /// The variants of an image of `header`'s size; none for a format libvips does not resize
    /// (SVG, GIF, AVIF) or an image no wider than the smallest width.
    init(header: ImageHeader, settings: SiteConfig.ImageSettings, originalExtension: String) {
        guard header.format.isResizable else { return }
        let widths = settings.widths.filter { $0 < header.width }
        for width in widths {
            let height = max(1, Int((Double(header.height) * Double(width) / Double(header.width)).rounded()))
            variants.append(Variant(width: width, height: height, format: header.format, suffix: "-\(width)w.\(originalExtension)"))
            if settings.webp, header.format != .webp {
                variants.append(Variant(width: width, height: height, format: .webp, suffix: "-\(width)w.webp"))
            }
        }
        if settings.webp, header.format != .webp, !widths.isEmpty {
            variants.append(Variant(width: header.width, height: header.height, format: .webp, suffix: "-\(header.width)w.webp"))
        }
    }

    /// `png` of `/images/a.png` (a path or URL), "" when its name has none.
    static func fileExtension(of path: String) -> String {
        extensionDot(of: path).map { String(path[path.utf8.index(after: $0)...]) } ?? ""
    }

    /// The last `.` of the path's last segment, found by bytes: a search by Characters,
    /// 20,000 times a build with 2,000 photos, was 5% of it. `/` and `.` are ASCII, so the
    /// index cuts the string where Characters would.
    static func extensionDot(of path: String) -> String.Index? {
        let bytes = path.utf8
        let slash = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return bytes[slash...].lastIndex(of: UInt8(ascii: "."))
    }

    /// The candidates of one `srcset`, smallest first, the original last at its own width:
    /// `a-480w.jpg 480w, a.jpg 1200w`. `source` is the original's URL as the page writes it.
    func srcset(source: String, header: ImageHeader, format: ImageHeader.Format) -> String? {
        let chosen = variants.filter { $0.format == format }
        guard !chosen.isEmpty else { return nil }
        var candidates = chosen.map { "\($0.path(beside: source)) \($0.width)w" }
        if format == header.format { candidates.append("\(source) \(header.width)w") }
        return candidates.joined(separator: ", ")
    }
}
