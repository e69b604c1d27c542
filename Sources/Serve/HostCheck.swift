import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which `Host` fields the server answers: names of this machine only. A web page can
/// point a name of its own at 127.0.0.1 (DNS rebinding); the browser then lets it read
/// this server's answers as its own, but sends its own name in `Host`, which is refused.
struct HostCheck: Sendable {
    /// Lowercased, without port; IPv6 addresses in brackets.
    let names: Set<String>
    /// Bound to every address (0.0.0.0 or ::): any IP address is this machine's, and an
    /// attacker can rebind only a name, never an address.
    let anyAddress: Bool

    init(boundHost: String) {
        let host = boundHost.lowercased()
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        names = ["localhost", "127.0.0.1", "[::1]", bracketed]
        anyAddress = ["0.0.0.0", "[::]", "[0:0:0:0:0:0:0:0]", ""].contains(bracketed)
    }

    /// The answer to a request whose Host is not allowed; nil when it is.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        let values = request.headers.values("Host")
        guard values.count <= 1 else { return .page(.badRequest, "The request has more than one Host field.") }
        guard let value = values.first else {
            // HTTP/1.0 clients may leave Host out; browsers never do.
            return request.version == "HTTP/1.0" ? nil : .page(.badRequest, "An HTTP/1.1 request needs a Host field.")
        }
        if let name = Self.name(inHost: value), names.contains(name) || (anyAddress && Self.isAddress(name)) { return nil }
        let allowed = names.sorted().joined(separator: ", ")
        return .page(.forbidden, "‘\(value)’ is not a name of this machine. This preview server answers only requests for "
                     + "\(allowed)\(anyAddress ? " or an IP address" : ""), so that a web page cannot read it by pointing "
                     + "a name of its own at this machine (DNS rebinding). Open the address the server printed.")
    }

    /// `name` or `name:port` → the lowercased name; nil when the port is not a number or
    /// the name is empty.
    static func name(inHost value: String) -> String? {
        let text = value.lowercased()
        let name: Substring, rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[...close]
            rest = text[text.index(after: close)...]
        } else if let colon = text.firstIndex(of: ":") {
            (name, rest) = (text[..<colon], text[colon...])
        } else {
            (name, rest) = (Substring(text), "")
        }
        let port = rest.dropFirst()
        guard !name.isEmpty, rest.isEmpty || (rest.first == ":" && !port.isEmpty && port.count <= 5 && port.allSatisfy(\.isASCIIDigit)) else {
            return nil
        }
        return String(name)
    }

    /// A dotted IPv4 address or a bracketed IPv6 one.
    static func isAddress(_ name: String) -> Bool {
        var storage = in6_addr()
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &storage) == 1
        }
        return inet_pton(AF_INET, name, &storage) == 1
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
