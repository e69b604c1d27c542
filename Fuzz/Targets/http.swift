// Fuzz target: the preview server's HTTP/1.1 request reader on raw bytes, one request
// and a pipelined stream, as a client (or an attacker on the same machine) sends them;
// every request it accepts is then resolved to a file as serve does.
//
// Beyond crashes and hangs it checks the promises: the reader never returns more
// requests than the bytes could hold, an accepted request has a method, and a target
// resolves only to a file inside the served folder (the fixture folder has a link that
// leads out of it, and a file beside it that must never be served).
import Foundation
@testable import Serve

/// `root/index.html`, `root/posts/a/index.html`, `root/out -> ..` and `secret.txt` beside root.
let servedRoot: StaticFileResolver = {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fuzz-http-\(getpid())")
    let root = base.appendingPathComponent("root")
    try? FileManager.default.createDirectory(at: root.appendingPathComponent("posts/a"), withIntermediateDirectories: true)
    try? Data("<p>home</p>".utf8).write(to: root.appendingPathComponent("index.html"))
    try? Data("<p>a</p>".utf8).write(to: root.appendingPathComponent("posts/a/index.html"))
    try? Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
    try? FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("out").path, withDestinationPath: "..")
    atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fuzz-http-\(getpid())")) }
    guard let resolver = try? StaticFileResolver(root: root) else { fatalError("cannot set up the served folder at \(root.path)") }
    return resolver
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = HTTPRequestBytes.firstRequest(in: bytes)
    let outcomes = HTTPRequestBytes.requests(in: bytes)
    if outcomes.count > bytes.count + 1 { fatalError("\(outcomes.count) outcomes from \(bytes.count) bytes") }
    for outcome in outcomes {
        guard case .request(let request) = outcome else { continue }
        if request.method.isEmpty { fatalError("a request without a method: \(request)") }
        // The reader leaves targets such as `x` to the resolver, which answers 400.
        if case .file(let path, _) = servedRoot.resolve(target: request.target), !path.hasPrefix(servedRoot.root + "/") {
            fatalError("\(request.target.debugDescription) resolved to \(path), outside \(servedRoot.root)")
        }
    }
    return 0
}
