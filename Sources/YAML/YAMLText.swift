/// YAML double-quoted scalars, for front matter sitegen writes itself (`sitegen new post`).
/// Always quoted, so a value is never read as something else (`- x`, `? x`, `*x`, `a: b`,
/// `# x`, `true`, `1984`): `"` and `\` are escaped, and so is every character YAML does not
/// allow as it is or reads as a line break (controls, U+0085, U+2028, U+2029, U+FEFF);
/// everything else, non-ASCII included, is written as it is.
package enum YAMLText {
    package static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{85}": quoted += "\\N"
            case "\u{2028}": quoted += "\\L"
            case "\u{2029}": quoted += "\\P"
            default:
                if isPrintable(scalar) {
                    quoted.unicodeScalars.append(scalar)
                } else {
                    quoted += escape(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// A comment's text (`# …`, one line) that libyaml reads: a comment cannot escape, so a
    /// character YAML does not allow (a C1 control, which TOML allows in its comments) is
    /// written as its escape's text, `\x9E`, and the comment still says what it said.
    package static func comment(_ text: String) -> String {
        var comment = ""
        for scalar in text.unicodeScalars {
            if scalar == "\t" || isPrintable(scalar) {
                comment.unicodeScalars.append(scalar)
            } else {
                comment += escape(scalar)
            }
        }
        return comment
    }

    /// `\xHH` or `\uHHHH`, as a double-quoted scalar escapes `scalar`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// YAML 1.1's printable set (what libyaml accepts unescaped), without the byte order mark.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD: return scalar.value != 0xFEFF
        case 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
