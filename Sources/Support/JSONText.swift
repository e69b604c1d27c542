/// JSON string literals written byte by byte (RFC 8259): `"` and `\` escaped, control
/// characters as `\n`, `\t`, … or `\u00XX`; everything else, non-ASCII included, as it is.
package enum JSONText {
    /// The bytes each byte becomes: 1 when it stays as it is, 2 for `\n`-style escapes, 6
    /// for `\u00XX`. Every post body of a JSON feed goes through here; a table and two
    /// passes (measure, then fill the string's own storage) keep it near memcpy speed.
    private static let widths: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x0A, 0x0D, 0x09, 0x22, 0x5C: return 2
        case 0..<0x20: return 6
        default: return 1
        }
    }

    package static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            let widths = Self.widths
            var length = 2
            for byte in source { length += Int(widths[Int(byte)]) }
            return String(unsafeUninitializedCapacity: length) { target in
                let hex = Array("0123456789abcdef".utf8)
                var out = 0
                target[out] = UInt8(ascii: "\""); out += 1
                var runStart = 0
                func flush(upTo end: Int) {
                    let count = end - runStart
                    guard count > 0, let from = source.baseAddress, let to = target.baseAddress else { return }
                    (to + out).update(from: from + runStart, count: count)
                    out += count
                }
                for index in source.indices {
                    let byte = source[index]
                    guard widths[Int(byte)] != 1 else { continue }
                    flush(upTo: index)
                    runStart = index + 1
                    target[out] = UInt8(ascii: "\\")
                    switch byte {
                    case 0x0A: target[out + 1] = UInt8(ascii: "n"); out += 2
                    case 0x0D: target[out + 1] = UInt8(ascii: "r"); out += 2
                    case 0x09: target[out + 1] = UInt8(ascii: "t"); out += 2
                    case 0x22, 0x5C: target[out + 1] = byte; out += 2
                    default:
                        for (offset, value) in [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                                hex[Int(byte >> 4)], hex[Int(byte & 0xF)]].enumerated() {
                            target[out + 1 + offset] = value
                        }
                        out += 6
                    }
                }
                flush(upTo: source.count)
                target[out] = UInt8(ascii: "\""); out += 1
                return out
            }
        }
    }
}
