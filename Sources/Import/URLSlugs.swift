import SiteKit

/// The URL segments each generator makes from names and titles, so the import can tell
/// whether a post keeps its URL in sitegen and what to write when it would not.
enum URLSlugs {
    /// Jekyll's `Utils.slugify`: in the default mode every run of characters other than
    /// letters and digits becomes `-`; `pretty` also keeps `._~!$&'()+,;=@`; then `-` is
    /// trimmed from both ends, and the result is lower-cased unless `cased`.
    static func jekyll(_ text: String, pretty: Bool, cased: Bool) -> String {
        var slug = ""
        var pendingDash = false
        for character in text {
            let kept = character.isLetter || character.isNumber || (pretty && "._~!$&'()+,;=@".contains(character))
            if kept {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return cased ? slug : slug.lowercased()
    }

    /// Hugo's `urlize` of a title or name: letters, digits, marks and `._~+#@-/\` kept, a run
    /// of blanks one `-` (never leading, never after a `-`), everything else dropped, lower case.
    static func hugo(_ text: String) -> String {
        var target: [Unicode.Scalar] = []
        var prependHyphen = false
        var wasHyphen = false
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let properties = scalar.properties
            var allowed = "./\\_#+~-@".unicodeScalars.contains(scalar) || properties.isAlphabetic
                || properties.numericType == .decimal || properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark || properties.generalCategory == .enclosingMark
            if scalar == "%", index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit, scalars[index + 2].properties.isASCIIHexDigit {
                allowed = true
            }
            if allowed {
                wasHyphen = scalar == "-"
                if prependHyphen {
                    if !wasHyphen { target.append("-") }
                    prependHyphen = false
                }
                target.append(scalar)
            } else if !target.isEmpty, !wasHyphen, properties.isWhitespace {
                prependHyphen = true
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: target)
        return result.lowercased()
    }

    /// The slug sitegen gives a post (docs/content.md): its `slug:`, else its file name
    /// without the date prefix, made URL-safe as Hugo would when it is not.
    static func sitegen(frontSlug: String?, fileSlug: String) -> String {
        if let frontSlug, !frontSlug.isEmpty { return frontSlug }
        return Slug.isValid(fileSlug) ? fileSlug : Slug.make(from: fileSlug)
    }

    /// Jekyll's title for a post without one: `my-first-post` → `My First Post`.
    static func title(fromSlug slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// `2019-01-05-name` → the date and `name`, when the name starts with a date as Jekyll
    /// reads one (`\d{2,4}-\d{1,2}-\d{1,2}-`).
    static func datePrefix(_ name: String) -> (date: LenientDate, rest: String, strict: Bool)? {
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, (2...4).contains(parts[0].count), (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts[0...2].allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...CivilDays.daysIn(month: month, year: year)).contains(day) else { return nil }
        let strict = parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
        return (LenientDate(year: year, month: month, day: day), String(parts[3]), strict)
    }
}
