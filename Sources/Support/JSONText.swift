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
        guard let base = source.baseAddress else {
            output.append(contentsOf: "\"\"".utf8)
            return
        }
        plain.withUnsafeBufferPointer { plain in
            let quoted = [UInt8](unsafeUninitializedCapacity: source.count * 6 + 2) { target, count in
                guard let targetBase = target.baseAddress else { return }
                let raw = UnsafeRawPointer(base)
                let rawTarget = UnsafeMutableRawPointer(targetBase)
                var out = 0
                target[out] = UInt8(ascii: "\""); out += 1
                var index = 0
                // Eight bytes at a time (about 33 in 34 bytes of a feed's HTML need no escaping):
                // the word is stored whole, then the position moves to its first byte that
                // needs escaping, if any, which is escaped on its own. The store stays in room:
                // `out` is at most 6 × `index` + 1, eight bytes or more before the end.
                while index + 8 <= source.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    rawTarget.storeBytes(of: word, toByteOffset: out, as: UInt64.self)
                    let escapes = escapeMarks(word)
                    if escapes == 0 {
                        out += 8
                        index += 8
                        continue
                    }
                    let plainCount = escapes.trailingZeroBitCount >> 3
                    out = write(source[index + plainCount], to: target, at: out + plainCount, plain: plain)
                    index += plainCount + 1
                }
                while index < source.count {
                    out = write(source[index], to: target, at: out, plain: plain)
                    index += 1
                }
                target[out] = UInt8(ascii: "\""); out += 1
                count = out
            }
            output.append(contentsOf: quoted)
        }
    }

    /// The high bit of each byte of `word` that is a control character, `"` or `\\`, and perhaps
    /// of bytes after the first such one: the classic bit tricks for "a byte below n" and "a
    /// zero byte" (after XOR with the byte sought), whose borrows only run towards higher
    /// bytes, so the lowest mark (the first byte, little-endian) is always exact.
    @inline(__always)
    private static func escapeMarks(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let quote = (quotes &- ones) & ~quotes & highs
        let backslash = (backslashes &- ones) & ~backslashes & highs
        return control | quote | backslash
    }

    /// Writes one byte, escaped if it must be, at `out`; returns the position after it.
    @inline(__always)
    private static func write(_ byte: UInt8, to target: UnsafeMutableBufferPointer<UInt8>, at out: Int,
                              plain: UnsafeBufferPointer<Bool>) -> Int {
        if plain[Int(byte)] {
            target[out] = byte
            return out + 1
        }
        target[out] = UInt8(ascii: "\\")
        switch byte {
        case 0x0A: target[out + 1] = UInt8(ascii: "n"); return out + 2
        case 0x0D: target[out + 1] = UInt8(ascii: "r"); return out + 2
        case 0x09: target[out + 1] = UInt8(ascii: "t"); return out + 2
        case 0x22, 0x5C: target[out + 1] = byte; return out + 2
        default:
            let hex: StaticString = "0123456789abcdef"
            target[out + 1] = UInt8(ascii: "u")
            target[out + 2] = UInt8(ascii: "0")
            target[out + 3] = UInt8(ascii: "0")
            target[out + 4] = hex.utf8Start[Int(byte >> 4)]
            target[out + 5] = hex.utf8Start[Int(byte & 0xF)]
            return out + 6
        }
    }
}
