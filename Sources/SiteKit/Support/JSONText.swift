/// JSON string literals written byte by byte (RFC 8259): `"` and `\` escaped, control
/// characters as `\n`, `\t`, … or `\u00XX`; everything else, non-ASCII included, as it is.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 16 + 8)
        let hex = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            let escape: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = byte
            case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escape = UInt8(ascii: "r")
            case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
                continue
            default:
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(escape)
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
