import Foundation

/// Small image files written byte by byte, as the formats' specifications lay them out:
/// a PNG that any decoder reads (stored deflate blocks, real CRCs), headers of the other
/// formats, and EXIF blocks with or without a GPS position.
enum TestImages {
    /// A real RGB PNG of `width`×`height`: a horizontal gradient, with `extraChunks` (each
    /// type and data) after IHDR.
    static func png(width: Int, height: Int, extraChunks: [(String, [UInt8])] = []) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                raw += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        zlib += big32(adler32(raw))
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", big32(UInt32(width)) + big32(UInt32(height)) + [8, 2, 0, 0, 0])
        for (type, data) in extraChunks { file += chunk(type, data) }
        file += chunk("IDAT", zlib)
        file += chunk("IEND", [])
        return file
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return big32(UInt32(data.count)) + body + big32(crc32(body))
    }

    /// A JPEG's segments up to its frame header (no image data): SOI, an optional APP1
    /// EXIF, SOF0 with the size.
    static func jpegHeader(width: Int, height: Int, exif: [UInt8]? = nil) -> [UInt8] {
        var file: [UInt8] = [0xFF, 0xD8]
        file += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        if let exif { file += app1(exif) }
        file += [0xFF, 0xC0, 0x00, 0x11, 8] + big16(height) + big16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return file
    }

    /// An APP1 segment holding `tiff` as EXIF.
    static func app1(_ tiff: [UInt8]) -> [UInt8] {
        let data = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + big16(data.count + 2) + data
    }

    /// A big-endian TIFF block: IFD0 with an orientation and, with `gps`, a GPS IFD giving
    /// latitude 48° 51' 29" N (the Eiffel tower's).
    static func exif(orientation: Int = 1, gps: Bool) -> [UInt8] {
        var tiff: [UInt8] = Array("MM".utf8) + [0, 42] + big32(8)
        let ifd0Count = gps ? 2 : 1
        let gpsOffset = 8 + 2 + ifd0Count * 12 + 4
        tiff += big16(ifd0Count)
        tiff += big16(0x0112) + big16(3) + big32(1) + big16(orientation) + [0, 0]
        if gps { tiff += big16(0x8825) + big16(4) + big32(1) + big32(UInt32(gpsOffset)) }
        tiff += big32(0)
        if gps {
            // Version, LatitudeRef, Latitude (three rationals at the end).
            let rationals = gpsOffset + 2 + 3 * 12 + 4
            tiff += big16(3)
            tiff += big16(0x0000) + big16(1) + big32(4) + [2, 2, 0, 0]
            tiff += big16(0x0001) + big16(2) + big32(2) + Array("N".utf8) + [0, 0, 0]
            tiff += big16(0x0002) + big16(5) + big32(3) + big32(UInt32(rationals))
            tiff += big32(0)
            tiff += big32(48) + big32(1) + big32(51) + big32(1) + big32(29) + big32(1)
        }
        return tiff
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + little16(width) + little16(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
            + [0x2C, 0, 0, 0, 0] + little16(width) + little16(height) + [0, 2, 2, 0x44, 0x01, 0, 0x3B]
    }

    /// A WebP header: lossless (`VP8L`) or extended (`VP8X`).
    static func webpHeader(width: Int, height: Int, extended: Bool) -> [UInt8] {
        let chunk: [UInt8]
        if extended {
            chunk = Array("VP8X".utf8) + little32(10) + [0, 0, 0, 0] + little24(width - 1) + little24(height - 1)
        } else {
            let bits = (width - 1) | (height - 1) << 14
            chunk = Array("VP8L".utf8) + little32(5) + [0x2F] + little32(bits) + [0]
        }
        return Array("RIFF".utf8) + little32(4 + chunk.count) + Array("WEBP".utf8) + chunk
    }

    /// An AVIF's boxes up to its image size: ftyp, meta → iprp → ipco → ispe.
    static func avifHeader(width: Int, height: Int) -> [UInt8] {
        func box(_ type: String, _ data: [UInt8]) -> [UInt8] { big32(UInt32(8 + data.count)) + Array(type.utf8) + data }
        let ispe = box("ispe", [0, 0, 0, 0] + big32(UInt32(width)) + big32(UInt32(height)))
        let meta = box("meta", [0, 0, 0, 0] + box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            + box("iprp", box("ipco", ispe)))
        return box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("avifmif1".utf8)) + meta
    }

    /// Overwrites the file at `path` with zeros, keeping its size, modification time and
    /// inode: a build that reads it finds no image, one that trusts its index does not notice.
    /// Returns the zeros.
    @discardableResult
    static func zeroKeepingStamp(_ path: String) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0, let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
        let zeros = Data(repeating: 0, count: Int(status.st_size))
        handle.write(zeros)
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return zeros
    }

    /// Moves the file's modification time `seconds` on.
    static func touch(_ path: String, by seconds: Int) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        var times = [status.st_atim, status.st_mtim]
        times[1].tv_sec += seconds
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static func big16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func big32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func little16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    static func little24(_ value: Int) -> [UInt8] { little16(value) + [UInt8((value >> 16) & 0xFF)] }
    static func little32(_ value: Int) -> [UInt8] { little16(value) + little16(value >> 16) }

    static let crcTable: [UInt32] = (0..<256).map { (number: Int) -> UInt32 in
        var crc = UInt32(number)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
