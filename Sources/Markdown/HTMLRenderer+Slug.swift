extension HTMLRenderer {
    /// A GitHub-style slug for heading ids: lower-cased letters and digits
    /// kept, spaces and `-` become `-`, `_` kept, everything else dropped.
    /// `HTMLRenderer(headingID: { _, text in HTMLRenderer.slug(text) })`.
    package static func slug(_ text: String) -> String {
        // Headings are almost always ASCII; working on bytes skips the
        // Unicode property lookups that dominated slugging time.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"):
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                bytes.append(byte | 0x20)
            case UInt8(ascii: " "):
                bytes.append(UInt8(ascii: "-"))
            case 0x80...:
                return unicodeSlug(text)
            default:
                continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func unicodeSlug(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "_" || character == "-" {
                result.append(character)
            } else if character == " " {
                result.append("-")
            }
        }
        return result
    }
}
