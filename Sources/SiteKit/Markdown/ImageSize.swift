import Foundation

/// The pixel size of a PNG, JPEG, GIF, WebP or SVG file, from its header alone: the
/// `<img>` of an `@Image` gets width and height, so the page does not jump as it loads.
enum ImageSize {
    struct Size: Sendable, Hashable {
        var width: Int
        var height: Int
    }

    /// Nil for another format, or a file whose header says nothing usable.
    static func of(file path: String) -> Size? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(head) }
        if head.starts(with: Array("GIF8".utf8)) { return gif(head) }
        if head.starts(with: Array("RIFF".utf8)), head.count >= 30, Array(head[8..<12]) == Array("WEBP".utf8) { return webp(head) }
        if head.starts(with: [0xFF, 0xD8]) { return jpeg(handle) }
        if path.lowercased().hasSuffix(".svg") { return svg(head) }
        return nil
    }

    private static func big32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private static func little16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    private static func little24(_ bytes: [UInt8], _ at: Int) -> Int { little16(bytes, at) | Int(bytes[at + 2]) << 16 }

    private static func positive(_ width: Int, _ height: Int) -> Size? {
        width > 0 && height > 0 ? Size(width: width, height: height) : nil
    }

    /// The IHDR chunk comes first: width and height at bytes 16 and 20.
    static func png(_ head: [UInt8]) -> Size? {
        guard head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        return positive(big32(head, 16), big32(head, 20))
    }

    static func gif(_ head: [UInt8]) -> Size? {
        guard head.count >= 10 else { return nil }
        return positive(little16(head, 6), little16(head, 8))
    }

    /// Lossy (`VP8 `), lossless (`VP8L`) and extended (`VP8X`) files.
    static func webp(_ head: [UInt8]) -> Size? {
        let chunk = String(decoding: head[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 " where head.count >= 30:
            return positive(little16(head, 26) & 0x3FFF, little16(head, 28) & 0x3FFF)
        case "VP8L" where head.count >= 25:
            let bits = Int(head[21]) | Int(head[22]) << 8 | Int(head[23]) << 16 | Int(head[24]) << 24
            return positive((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X" where head.count >= 30:
            return positive(little24(head, 24) + 1, little24(head, 27) + 1)
        default:
            return nil
        }
    }

    /// Walks the segments to the first start-of-frame, seeking past the others (an EXIF
    /// thumbnail can put it far into the file), reading only segment headers.
    static func jpeg(_ handle: FileHandle) -> Size? {
        var offset: UInt64 = 2
        for _ in 0..<512 {
            guard (try? handle.seek(toOffset: offset)) != nil,
                  let header = try? handle.read(upToCount: 9).map(Array.init), header.count >= 4, header[0] == 0xFF else { return nil }
            let marker = header[1]
            if marker == 0xFF { offset += 1; continue }
            let length = Int(header[2]) << 8 | Int(header[3])
            // SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard header.count >= 9 else { return nil }
                return positive(Int(header[7]) << 8 | Int(header[8]), Int(header[5]) << 8 | Int(header[6]))
            }
            guard length >= 2 else { return nil }
            offset += UInt64(2 + length)
        }
        return nil
    }

    /// `width` and `height` of the root `<svg>` in pixels (or bare numbers), else its
    /// `viewBox`'s size.
    static func svg(_ head: [UInt8]) -> Size? {
        let text = String(decoding: head, as: UTF8.self)
        guard let open = text.range(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = String(text[open.upperBound..<close])
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                guard let start = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)"),
                      let end = tag[start.upperBound...].firstIndex(of: Character(quote)) else { continue }
                return String(tag[start.upperBound..<end])
            }
            return nil
        }
        func pixels(_ value: String?) -> Int? {
            guard var value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).map { Int($0.rounded()) }
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) { return positive(width, height) }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4 else { return nil }
        return positive(Int(box[2].rounded()), Int(box[3].rounded()))
    }
}
