// Fuzz target: the syntax highlighter, every language on every input.
//
// Beyond crashes and hangs it checks the highlighter's promise: removing the span
// tags and decoding the four entities gives back the code exactly, and spans are
// never nested or left open.
@testable import Highlight

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHighlight(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let code = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for language in HighlightLanguage.allCases {
        let html = SyntaxHighlighter.html(code, language: language)
        guard let plain = plainText(of: html) else {
            fatalError("\(language): malformed spans in \(html.debugDescription)")
        }
        if plain != code {
            fatalError("\(language): the highlighted HTML does not give back the code: \(code.debugDescription) → \(html.debugDescription)")
        }
    }
    return 0
}

/// The text of highlighted HTML, or `nil` when a span is nested, unclosed or
/// unknown, or an `&` starts anything but the four entities.
private func plainText(of html: String) -> String? {
    let html = Array(html.utf8)
    var text: [UInt8] = []
    text.reserveCapacity(html.count)
    var index = 0
    var inSpan = false
    func has(_ literal: [UInt8], at index: Int) -> Bool {
        index + literal.count <= html.count && html[index..<index + literal.count].elementsEqual(literal)
    }
    while index < html.count {
        let byte = html[index]
        if byte == UInt8(ascii: "<") {
            if has(spanOpen, at: index), !inSpan, let end = html[index...].firstIndex(of: UInt8(ascii: ">")) {
                let cssClass = String(decoding: html[index + spanOpen.count..<end - 1], as: UTF8.self)
                guard TokenKind.allCases.contains(where: { $0.cssClass == cssClass }), html[end - 1] == UInt8(ascii: "\"") else { return nil }
                inSpan = true
                index = end + 1
            } else if has(spanClose, at: index), inSpan {
                inSpan = false
                index += spanClose.count
            } else {
                return nil
            }
        } else if byte == UInt8(ascii: "&") {
            guard let (entity, decoded) = entities.first(where: { has($0.0, at: index) }) else { return nil }
            text.append(decoded)
            index += entity.count
        } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") {
            return nil
        } else {
            text.append(byte)
            index += 1
        }
    }
    return inSpan ? nil : String(decoding: text, as: UTF8.self)
}

private let spanOpen = Array("<span class=\"".utf8)
private let spanClose = Array("</span>".utf8)
private let entities: [([UInt8], UInt8)] = [
    (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
    (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
]
