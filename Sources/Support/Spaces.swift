import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`: without the spaces and tabs (and Unicode's
    /// other space separators, no line breaks) at either end. When there are none, which is
    /// nearly always, the text is not passed through Foundation's `NSString`: for the front
    /// matter's fields that was 3.5% of a build's instructions.
    package var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !isSpace(first) && !isSpace(last) { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }

    /// Whether the text is empty or only spaces: `trimmingCharacters(in: .whitespaces).isEmpty`,
    /// known at the first other character.
    package var isOnlySpaces: Bool {
        unicodeScalars.allSatisfy(isSpace)
    }
}

/// A character of `CharacterSet.whitespaces`: a tab or a space separator (Unicode's Zs).
@inline(__always)
private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
}
