/// What an image file's header says: its format and its size in pixels, as a browser shows
/// it (a JPEG turned by its EXIF orientation has width and height swapped), read from the
/// bytes without decoding a pixel. Every read is bounded by the bytes given: each step moves
/// forward, so a hostile file costs time linear in its length.
struct ImageHeader: Sendable, Hashable {
    enum Format: String, Sendable, Hashable, CaseIterable {
        case png, jpeg, gif, webp, svg, avif

        /// By the file's name: the formats sitegen reads the size of.
        init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: ".") else { return nil }
            switch fileName[fileName.index(after: dot)...].lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "gif": self = .gif
            case "webp": self = .webp
            case "svg": self = .svg
            case "avif": self = .avif
            default: return nil
            }
        }

        /// Pixels that libvips can make smaller copies of (an SVG scales by itself; a GIF may move).
        var isResizable: Bool { self == .png || self == .jpeg || self == .webp }

        var mediaType: String { self == .svg ? "image/svg+xml" : "image/\(rawValue)" }
    }

    var format: Format
    /// 0 for an SVG that gives no size (it takes the page's).
    var width: Int
    var height: Int

    /// Why a header could not be read, in words for an author.
    struct Problem: Error, Sendable, Hashable {
        var message: String
    }

    /// The header of `bytes`, a file named `fileName` (whose extension says what it should be).
    static func read(_ bytes: [UInt8], fileName: String) throws(Problem) -> ImageHeader {
        let byName = Format(fileName: fileName)
        let found: Format
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { found = .png }
        else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { found = .jpeg }
        else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { found = .gif }
        else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { found = .webp }
        else if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { found = .avif }
        else if byName == .svg { found = .svg }
        else {
            throw Problem(message: bytes.isEmpty ? "the file is empty"
                          : "it is no \(byName.map { $0.rawValue.uppercased() } ?? "PNG, JPEG, GIF, WebP, SVG or AVIF") file: its first bytes are of no image format sitegen reads")
        }
        let size: (Int, Int)
        switch found {
        case .png: size = try png(bytes)
        case .jpeg: size = try jpeg(bytes)
        case .gif: size = try gif(bytes)
        case .webp: size = try webp(bytes)
        case .svg: size = try svg(bytes)
        case .avif: size = try avif(bytes)
        }
        // An SVG without a size is drawn at whatever size the page gives it: it gets none.
        if found == .svg, size == (0, 0) { return ImageHeader(format: .svg, width: 0, height: 0) }
        guard size.0 > 0, size.1 > 0 else { throw Problem(message: "its \(found.rawValue.uppercased()) header gives a size of \(size.0)×\(size.1)") }
        return ImageHeader(format: found, width: size.0, height: size.1)
    }

    static func big16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    static func big32(_ bytes: [UInt8], _ at: Int) -> Int { big16(bytes, at) << 16 | big16(bytes, at + 2) }
    static func little16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    static func little24(_ bytes: [UInt8], _ at: Int) -> Int { little16(bytes, at) | Int(bytes[at + 2]) << 16 }

    private static func truncated(_ format: String) -> Problem {
        Problem(message: "its \(format) header is cut short: the file ends before the image's size")
    }

    /// The IHDR chunk comes first: width and height at bytes 16 and 20.
    private static func png(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
        guard bytes.count >= 24 else { throw truncated("PNG") }
        guard Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw Problem(message: "its PNG header has no IHDR chunk first") }
        return (big32(bytes, 16), big32(bytes, 20))
    }

    private static func gif(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
        guard bytes.count >= 10 else { throw truncated("GIF") }
        return (little16(bytes, 6), little16(bytes, 8))
    }

    /// Lossy (`VP8 `), lossless (`VP8L`) and extended (`VP8X`) files.
    private static func webp(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
        guard bytes.count >= 16 else { throw truncated("WebP") }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard bytes.count >= 30 else { throw truncated("WebP") }
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { throw Problem(message: "its WebP (VP8) frame has no start code") }
            return (little16(bytes, 26) & 0x3FFF, little16(bytes, 28) & 0x3FFF)
        case "VP8L":
            guard bytes.count >= 25 else { throw truncated("WebP") }
            guard bytes[20] == 0x2F else { throw Problem(message: "its WebP (VP8L) stream has no signature") }
            let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard bytes.count >= 30 else { throw truncated("WebP") }
            return (little24(bytes, 24) + 1, little24(bytes, 27) + 1)
        default:
            throw Problem(message: "its WebP chunk '\(String(decoding: bytes[12..<16], as: UTF8.self))' is none of VP8, VP8L, VP8X")
        }
    }

    /// Walks the segments to the first start-of-frame; an EXIF orientation of 5 to 8 (a
    /// quarter turn) swaps the sides, as browsers show the picture turned.
    private static func jpeg(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
        var offset = 2
        var turned: Bool?
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw Problem(message: "its JPEG segments are broken at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { break }
            let length = big16(bytes, offset + 2)
            guard length >= 2 else { throw Problem(message: "its JPEG segment at byte \(offset) has a length of \(length)") }
            // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { throw truncated("JPEG") }
                let (height, width) = (big16(bytes, offset + 5), big16(bytes, offset + 7))
                return turned == true ? (height, width) : (width, height)
            }
            // The first EXIF block counts, as browsers read it.
            if marker == 0xE1, turned == nil, let exif = ExifData(jpegSegment: bytes, start: offset + 4, end: min(bytes.count, offset + 2 + length)) {
                turned = (5...8).contains(exif.orientation)
            }
            offset += 2 + length
        }
        throw Problem(message: "its JPEG header has no frame: the file ends, or its image data starts, before the image's size")
    }

    /// An ISO base media file (HEIF) with an `avif` brand: the image's size is its `ispe`
    /// property, in `meta` → `iprp` → `ipco`.
    private static func avif(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
        var found: (Int, Int)?
        // Each box is visited once; the nesting is fixed and three deep.
        func walk(_ start: Int, _ end: Int, path: [String]) throws(Problem) {
            var offset = start
            while offset + 8 <= end {
                var size = big32(bytes, offset)
                let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
                var header = 8
                if size == 1 {
                    guard offset + 16 <= end else { throw truncated("AVIF") }
                    size = big32(bytes, offset + 12)
                    header = 16
                } else if size == 0 {
                    size = end - offset
                }
                guard size >= header else { throw Problem(message: "its AVIF box '\(type)' at byte \(offset) has a size of \(size)") }
                let boxEnd = offset + size
                guard boxEnd <= end else {
                    if found == nil { throw truncated("AVIF") }
                    return
                }
                if path.isEmpty, type == "ftyp" {
                    let brands = stride(from: offset + header, to: boxEnd - 3, by: 4).map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
                    guard brands.contains("avif") || brands.contains("avis") else { throw Problem(message: "it is an ISO media file without the avif brand") }
                }
                switch (path, type) {
                case ([], "meta"): try walk(offset + header + 4, boxEnd, path: ["meta"])
                case (["meta"], "iprp"): try walk(offset + header, boxEnd, path: ["meta", "iprp"])
                case (["meta", "iprp"], "ipco"): try walk(offset + header, boxEnd, path: ["meta", "iprp", "ipco"])
                case (["meta", "iprp", "ipco"], "ispe"):
                    guard boxEnd - offset >= header + 12 else { throw truncated("AVIF") }
                    // The largest: a grid's tiles and a thumbnail have their own, smaller.
                    let size = (big32(bytes, offset + header + 4), big32(bytes, offset + header + 8))
                    if size.0 * size.1 > (found.map { $0.0 * $0.1 } ?? -1) { found = size }
                default: break
                }
                if found != nil && path.isEmpty { return }
                offset = boxEnd
            }
        }
        try walk(0, bytes.count, path: [])
        guard let found else { throw Problem(message: "its AVIF header has no image size (no ispe property in meta)") }
        return found
    }

    /// `width` and `height` of the root `<svg>` in pixels (or bare numbers), else its
    /// `viewBox`'s size; the XML declaration, comments and a doctype may come first.
    private static func svg(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
        guard let tag = SVGRootTag(bytes) else { throw Problem(message: "it holds no <svg> element") }
        func pixels(_ value: String?) -> Double? {
            guard var value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).flatMap { $0.isFinite && $0 > 0 && $0 < 1e6 ? $0 : nil }
        }
        let box = tag.attributes["viewbox"]?.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
            .compactMap { Double($0) }.filter { $0.isFinite && abs($0) < 1e6 } ?? []
        let width = pixels(tag.attributes["width"]), height = pixels(tag.attributes["height"])
        switch (width, height, box.count == 4) {
        case let (width?, height?, _): return (Int(width.rounded()), Int(height.rounded()))
        case let (width?, nil, true) where box[2] > 0: return (Int(width.rounded()), Int((width * box[3] / box[2]).rounded()))
        case let (nil, height?, true) where box[3] > 0: return (Int((height * box[2] / box[3]).rounded()), Int(height.rounded()))
        case (_, _, true): return (Int(box[2].rounded()), Int(box[3].rounded()))
        default: return (0, 0)
        }
    }
}

/// The root element's start tag of an SVG file, its attributes by lower-case name.
struct SVGRootTag {
    var attributes: [String: String] = [:]

    init?(_ bytes: [UInt8]) {
        var found = false
        RawHTMLLinks.forEachTag(in: String(decoding: bytes, as: UTF8.self)) { element, attributes in
            guard !found, element == "svg" else { return }
            found = true
            for (name, value) in attributes where self.attributes[name] == nil { self.attributes[name] = value }
        }
        guard found else { return nil }
    }
}
