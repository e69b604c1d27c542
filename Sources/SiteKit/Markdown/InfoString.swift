/// A code fence's info string: its first word names the language (`swift`, `math`,
/// `output`); the words after it are the block's attributes.
package enum InfoString {
    package static func language(_ info: String) -> Substring {
        info.prefix { !$0.isWhitespace }
    }
}
