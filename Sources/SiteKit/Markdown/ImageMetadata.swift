/// The two facts of an EXIF block sitegen needs: how the picture is turned, and whether it
/// says where it was taken (a GPS latitude). Only IFD0 and the GPS IFD it points to are
/// read, each entry once, every offset checked against the block's end.
struct ExifData: Sendable, Hashable {
    /// 1 (as stored) to 8; 5 to 8 are quarter turns.
    var orientation = 1
    var hasGPSPosition = false

    /// A TIFF structure (`II*\0` or `MM\0*`, then IFD0's offset).
    init?(tiff bytes: ArraySlice<UInt8>) {
        let base = bytes.startIndex
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[base], bytes[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            let (a, b) = (Int(bytes[base + at]), Int(bytes[base + at + 1]))
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        /// Each entry of the IFD at `offset`: its tag and where its value (or offset) is.
        func entries(at offset: Int) -> [(tag: Int, value: Int)] {
            guard let count = u16(offset), offset + 2 + count * 12 <= bytes.count else { return [] }
            return (0..<count).compactMap { number in
                let entry = offset + 2 + number * 12
                return u16(entry).map { ($0, entry + 8) }
            }
        }
        guard u16(2) == 42, let ifd0 = u32(4) else { return nil }
        for (tag, value) in entries(at: ifd0) {
            switch tag {
            case 0x0112: orientation = u16(value) ?? 1
            case 0x8825:
                // GPSLatitude (2) is the position; a GPS IFD with only a version says nothing.
                if let gps = u32(value), gps != ifd0 { hasGPSPosition = entries(at: gps).contains { $0.tag == 0x0002 } }
            default: break
            }
        }
    }

    /// A JPEG APP1 segment's data between `start` and `end`: EXIF when it begins `Exif\0\0`.
    init?(jpegSegment bytes: [UInt8], start: Int, end: Int) {
        guard end - start > 6, bytes[start..<start + 6].elementsEqual(ExifData.jpegPrefix) else { return nil }
        self.init(tiff: bytes[(start + 6)..<end])
    }

    static let jpegPrefix: [UInt8] = Array("Exif".utf8) + [0, 0]
}

/// What an image file carries besides its pixels: whether it gives a GPS position, and a
/// copy without its EXIF, XMP, IPTC and text blocks, the pixels' bytes untouched (JPEG,
/// PNG, WebP; the colour profile stays, since it changes how the pixels look).
enum ImageMetadata {
    /// Whether the EXIF of a JPEG, PNG (`eXIf`) or WebP (`EXIF`) file holds a GPS latitude.
    static func hasGPSPosition(_ bytes: [UInt8], format: ImageHeader.Format) -> Bool {
        var found = false
        forEachBlock(bytes, format: format) { kind, _, range in
            guard kind == .exif else { return }
            var data = bytes[range]
            if data.starts(with: ExifData.jpegPrefix) { data = data.dropFirst(6) }
            if ExifData(tiff: data)?.hasGPSPosition == true { found = true }
        }
        return found
    }

    /// The file without its metadata blocks; nil when it has none (or is of another format).
    /// A JPEG turned by its EXIF orientation keeps an EXIF block of that alone, so it still
    /// shows upright.
    static func stripped(_ bytes: [UInt8], format: ImageHeader.Format) -> [UInt8]? {
        var drop: [(range: Range<Int>, replacement: [UInt8])] = []
        var orientation: Int?
        forEachBlock(bytes, format: format) { kind, whole, data in
            if format == .jpeg, kind == .exif, orientation == nil, let exif = ExifData(jpegSegment: bytes, start: data.lowerBound, end: data.upperBound) {
                orientation = exif.orientation
            }
            drop.append((whole, []))
        }
        guard !drop.isEmpty else { return nil }
        if format == .jpeg, let orientation, (2...8).contains(orientation) {
            drop[0].replacement = Self.orientationSegment(orientation)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var at = 0
        for (range, replacement) in drop {
            result += bytes[at..<range.lowerBound]
            result += replacement
            at = range.upperBound
        }
        result += bytes[at...]
        if format == .webp, result.count >= 8 {
            // The RIFF size, and VP8X's flags for EXIF (bit 3) and XMP (bit 2).
            let size = UInt32(result.count - 8)
            for shift in 0..<4 { result[4 + shift] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(shift))) }
            if result.count >= 21, result[12..<16].elementsEqual("VP8X".utf8) { result[20] &= ~0x0C }
        }
        return result
    }

    /// An APP1 segment whose EXIF says only how the picture is turned.
    static func orientationSegment(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
        let data = ExifData.jpegPrefix + tiff
        return [0xFF, 0xE1, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
    }

    enum BlockKind { case exif, otherMetadata }

    /// Calls `body` with each metadata block's kind, its whole range (a segment or chunk
    /// with its header) and its data's.
    private static func forEachBlock(_ bytes: [UInt8], format: ImageHeader.Format, _ body: (BlockKind, Range<Int>, Range<Int>) -> Void) {
        switch format {
        case .jpeg:
            var offset = 2
            while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }
                if marker == 0xDA || marker == 0xD9 { return }
                let length = ImageHeader.big16(bytes, offset + 2)
                guard length >= 2, offset + 2 + length <= bytes.count else { return }
                let whole = offset..<(offset + 2 + length), data = (offset + 4)..<(offset + 2 + length)
                if marker == 0xE1 {
                    // APP1: EXIF (GPS lives there) or XMP.
                    body(bytes[data].starts(with: ExifData.jpegPrefix) ? .exif : .otherMetadata, whole, data)
                } else if marker == 0xED || marker == 0xFE {
                    // APP13 (Photoshop, IPTC) and comments.
                    body(.otherMetadata, whole, data)
                }
                offset = whole.upperBound
            }
        case .png:
            var offset = 8
            while offset + 12 <= bytes.count {
                let length = ImageHeader.big32(bytes, offset)
                guard offset + 12 + length <= bytes.count else { return }
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                let whole = offset..<(offset + 12 + length), data = (offset + 8)..<(offset + 8 + length)
                switch type {
                case "eXIf": body(.exif, whole, data)
                case "tEXt", "zTXt", "iTXt", "tIME": body(.otherMetadata, whole, data)
                case "IEND": return
                default: break
                }
                offset = whole.upperBound
            }
        case .webp:
            var offset = 12
            while offset + 8 <= bytes.count {
                let length = ImageHeader.little16(bytes, offset + 4) | ImageHeader.little16(bytes, offset + 6) << 16
                let padded = length + (length & 1)
                guard offset + 8 + padded <= bytes.count else { return }
                let whole = offset..<(offset + 8 + padded), data = (offset + 8)..<(offset + 8 + length)
                switch String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) {
                case "EXIF": body(.exif, whole, data)
                case "XMP ": body(.otherMetadata, whole, data)
                default: break
                }
                offset = whole.upperBound
            }
        case .gif, .svg, .avif:
            return
        }
    }
}
