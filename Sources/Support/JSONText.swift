/// JSON string literals written byte by byte (RFC 8259): `"` and `\` escaped, control
/// characters as `\n`, `\t`, … or `\u00XX`; everything else, non-ASCII included, as it is.
package enum JSONText {
    package static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            var bytes: [UInt8] = [UInt8(ascii: "\"")]
            bytes.reserveCapacity(source.count + source.count / 16 + 8)
            let hex = Array("0123456789abcdef".utf8)
            var runStart = 0
            for (index, byte) in source.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
                default: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
            bytes.append(UInt8(ascii: "\""))
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
