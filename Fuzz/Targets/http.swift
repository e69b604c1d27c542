// Fuzz target: the preview server's HTTP/1.1 request reader on raw bytes, one request
// and a pipelined stream, as a client (or an attacker on the same machine) sends them.
//
// Beyond crashes and hangs it checks the reader's promises: it never returns more
// requests than the bytes could hold, and a request it accepts has a method, a target
// starting with `/` (or `*`) and a known version.
@testable import Serve

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = HTTPRequestBytes.firstRequest(in: bytes)
    let outcomes = HTTPRequestBytes.requests(in: bytes)
    if outcomes.count > bytes.count + 1 { fatalError("\(outcomes.count) outcomes from \(bytes.count) bytes") }
    for outcome in outcomes {
        guard case .request(let request) = outcome else { continue }
        if request.method.isEmpty { fatalError("a request without a method: \(request)") }
        if !(request.target.hasPrefix("/") || request.target == "*") { fatalError("a target that is not a path: \(request.target.debugDescription)") }
    }
    return 0
}
