/// What a post's URL segment may contain: letters (any script), digits, `-`, `_`, `.`.
public enum Slug {
    static let rule = "use letters, digits, '-', '_' or '.', without spaces or slashes"

    /// The URL segment of a tag or series name: lowercased, each run of characters other
    /// than letters and digits turned into one `-` (`Eat That Frog` → `eat-that-frog`).
    /// Empty when the name has no letter or digit.
    public static func make(from name: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingDash && !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    public static func isValid(_ slug: String) -> Bool {
        guard !slug.isEmpty, slug != ".", slug != "..", !slug.hasPrefix(".") else { return false }
        return slug.unicodeScalars.allSatisfy { s in
            s == "-" || s == "_" || s == "." || (s.properties.isAlphabetic || s.properties.numericType != nil) && !s.properties.isWhitespace
        }
    }
}
