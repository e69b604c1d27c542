import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document read by Foundation's XMLParser (libxml2 on Linux): a real parser, so a
/// feed or sitemap that is not well-formed fails the test that reads it.
final class XMLTree: NSObject, XMLParserDelegate {
    final class Element {
        let name: String
        let attributes: [String: String]
        var text = ""
        var children: [Element] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
        func first(_ name: String) -> Element? { children.first { $0.name == name } }
    }

    private var stack: [Element] = []
    private(set) var root: Element?
    private(set) var error: String?

    /// The root element, or a description of the parse error.
    static func parse(_ text: String) -> Result<Element, XMLParseFailure> {
        let tree = XMLTree()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = tree
        guard parser.parse(), let root = tree.root else {
            return .failure(XMLParseFailure(message: tree.error ?? parser.parserError.map { "\($0)" } ?? "no root element"))
        }
        return .success(root)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let element = Element(name: name, attributes: attributes)
        stack.last?.children.append(element)
        if stack.isEmpty { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        stack.last?.text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = "line \(parser.lineNumber): \(parseError)"
    }
}

struct XMLParseFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
