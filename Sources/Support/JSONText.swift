/// JSON string literals written byte by byte (RFC 8259): `"` and `\` escaped, control
/// characters as `\n`, `\t`, … or `\u00XX`; everything else, non-ASCII included, as it is.
package enum JSONText {
    /// Whether a byte stays as it is. Every post body of a JSON feed goes through here, and
    /// rendered HTML has a quote or a line break every few dozen bytes, so the runs between
    /// them are found with one table look-up a byte and copied whole.
    private static let plain: [Bool] = (0..<256).map { byte in
        byte >= 0x20 && byte != 0x22 && byte != 0x5C
    }

    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        var text = text
        text.withUTF8 { source in
            bytes.reserveCapacity(source.count + source.count / 8 + 16)
            appendQuoted(source, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `source` (UTF-8) as a JSON string literal, quotes included.
    package static func appendQuoted(_ source: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        plain.withUnsafeBufferPointer { plain in
            var runStart = 0
            var index = 0
            while index < source.count {
                let byte = source[index]
                if plain[Int(byte)] {
                    index += 1
                    continue
                }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                appendEscape(of: byte, to: &output)
                index += 1
                runStart = index
            }
            if runStart < source.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...])) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x22, 0x5C: output.append(byte)
        default:
            let hex: StaticString = "0123456789abcdef"
            output.append(contentsOf: "u00".utf8)
            output.append(hex.utf8Start[Int(byte >> 4)])
            output.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
