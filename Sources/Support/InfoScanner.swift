/// Splits a code fence's info string into words: `name`, `name=value`, `name="quoted value"`,
/// `name(argument)`. check-snippets reads its attributes with it; the build reads the few
/// it shows on the page (`run`, `fails=`).
package struct InfoScanner {
    package struct Word: Sendable {
        package var name: String
        package var value: String?
        package var quoted = false
        package var argument: String?
        /// The word's column in the info string, 0-based.
        package var offset: Int
    }

    /// A malformed word, at its column in the info string (0-based).
    package struct Problem: Error, Sendable, Equatable {
        package var offset: Int
        package var message: String
    }

    private let scalars: [Unicode.Scalar]
    /// Where the next word is read from, in scalars.
    package var position: Int {
        get { index }
        set { index = min(max(0, newValue), scalars.count) }
    }
    private var index = 0

    package init(_ info: String) {
        self.scalars = Array(info.unicodeScalars)
    }

    package init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var atSpace: Bool { index < scalars.count && scalars[index].properties.isWhitespace }

    package mutating func skipWord() {
        while index < scalars.count && !atSpace { index += 1 }
    }

    package mutating func nextWord() throws(Problem) -> Word? {
        while atSpace { index += 1 }
        guard index < scalars.count else { return nil }
        let start = index
        var name = ""
        while index < scalars.count, !atSpace, scalars[index] != "=", scalars[index] != "(" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        var word = Word(name: name, offset: start)
        guard index < scalars.count, !atSpace else { return word }
        if scalars[index] == "(" {
            index += 1
            var depth = 1
            var argument = ""
            while index < scalars.count {
                let c = scalars[index]
                if c == "(" { depth += 1 } else if c == ")" { depth -= 1; if depth == 0 { break } }
                argument.unicodeScalars.append(c)
                index += 1
            }
            guard index < scalars.count else {
                throw .init(offset: start, message: "'\(name)(' is never closed with ')'")
            }
            index += 1
            word.argument = argument
        } else {
            index += 1  // "="
            if index < scalars.count && scalars[index] == "\"" {
                index += 1
                var value = ""
                while index < scalars.count && scalars[index] != "\"" {
                    if scalars[index] == "\\" && index + 1 < scalars.count { index += 1 }
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else {
                    throw .init(offset: start, message: "the quoted value of '\(name)' is never closed with '\"'")
                }
                index += 1
                word.value = value
                word.quoted = true
            } else {
                var value = ""
                while index < scalars.count && !atSpace {
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                word.value = value
            }
        }
        if index < scalars.count && !atSpace {
            throw .init(offset: index, message: "expected a space after '\(name)'")
        }
        return word
    }
}
