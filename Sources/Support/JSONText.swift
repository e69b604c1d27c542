/// JSON string literals written byte by byte (RFC 8259): `"` and `\` escaped, control
/// characters as `\n`, `\t`, … or `\u00XX`; everything else, non-ASCII included, as it is.
package enum JSONText {
    /// Whether a byte stays as it is: one table look-up a byte, since every post body of a
    /// JSON feed goes through here.
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
        // One pass into room for the longest result (every byte a `\u00XX`), then one copy:
        // in HTML a quote or line break comes every few bytes, and appending each run and
        // escape to the array cost twice this. The position is a local of the innermost
        // closure, so it stays in a register.
        plain.withUnsafeBufferPointer { plain in
            let quoted = [UInt8](unsafeUninitializedCapacity: source.count * 6 + 2) { target, count in
                let hex: StaticString = "0123456789abcdef"
                var out = 0
                target[out] = UInt8(ascii: "\""); out += 1
                for byte in source {
                    if plain[Int(byte)] {
                        target[out] = byte; out += 1
                        continue
                    }
                    target[out] = UInt8(ascii: "\\")
                    switch byte {
                    case 0x0A: target[out + 1] = UInt8(ascii: "n"); out += 2
                    case 0x0D: target[out + 1] = UInt8(ascii: "r"); out += 2
                    case 0x09: target[out + 1] = UInt8(ascii: "t"); out += 2
                    case 0x22, 0x5C: target[out + 1] = byte; out += 2
                    default:
                        target[out + 1] = UInt8(ascii: "u")
                        target[out + 2] = UInt8(ascii: "0")
                        target[out + 3] = UInt8(ascii: "0")
                        target[out + 4] = hex.utf8Start[Int(byte >> 4)]
                        target[out + 5] = hex.utf8Start[Int(byte & 0xF)]
                        out += 6
                    }
                }
                target[out] = UInt8(ascii: "\""); out += 1
                count = out
            }
            output.append(contentsOf: quoted)
        }
    }
}
