import Foundation

/// One client's connection: requests answered in the order they came until the client
/// closes, asks to close, idles past the timeout or sends something unreadable.
struct HTTPConnection {
    let socket: Socket
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    var hostCheck: HostCheck?
    var limits = HTTPRequestReader<Socket>.Limits()

    func run() {
        var reader = HTTPRequestReader(source: socket, limits: limits)
        while true {
            switch reader.next() {
            case .closed:
                return
            case .refused(let status):
                if send(.page(status, "The request could not be read."), to: nil, keepAlive: false) {
                    socket.finishRefusal()
                }
                return
            case .request(let request):
                let response = hostCheck?.refusal(of: request) ?? respond(request)
                let keepAlive = request.wantsKeepAlive && !response.isStream
                guard send(response, to: request, keepAlive: keepAlive), keepAlive else { return }
            }
        }
    }

    /// False when the client is gone.
    @discardableResult
    private func send(_ response: HTTPResponse, to request: HTTPRequest?, keepAlive: Bool) -> Bool {
        var bytes = response.head(keepAlive: keepAlive)
        let sendsBody = request?.method != "HEAD" && response.status.allowsBody
        switch response.body {
        case .bytes(let body):
            guard sendsBody else { return socket.write(bytes) }
            // One write for small responses; a large body is not copied again.
            if body.count <= 64 * 1024 {
                bytes.append(body)
                return socket.write(bytes)
            }
            return socket.write(bytes, more: true) && socket.write(body)
        case .file(let file):
            guard sendsBody else { return socket.write(bytes) }
            if file.size <= OpenFile.chunkSize, let body = file.contents(), body.count == file.size {
                bytes.append(body)
                return socket.write(bytes)
            }
            return socket.write(bytes, more: true) && socket.sendFile(file)
        case .stream(let produce):
            guard socket.write(bytes), request?.method != "HEAD" else { return false }
            produce { socket.write($0) }
            return false
        }
    }
}
