import Foundation
import Testing

/// `sitegen serve --port 0` on a fixture site, as a user runs it: started, its port read
/// from the "Serving … at http://127.0.0.1:PORT/" line, interrupted with Ctrl-C at the end.
final class ServeProcess {
    let process = Process()
    private let out = Pipe()
    /// What the server printed up to and including the "Serving" line.
    private(set) var printed = ""
    private(set) var port: UInt16 = 0

    convenience init(site: FixtureSite, arguments: [String] = []) throws {
        try self.init(root: site.root, arguments: arguments)
    }

    init(root: URL, arguments: [String] = []) throws {
        process.executableURL = SitegenProcess.executable
        process.arguments = ["serve", "--port", "0", "--site", root.path] + arguments
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        while !printed.contains("(Ctrl-C to stop)\n") {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let serving = try #require(printed.split(separator: "\n").first { $0.hasPrefix("Serving ") }, "\(printed)")
        port = try #require(UInt16(serving.split(separator: ":").last?.split(separator: "/").first ?? ""))
    }

    /// Ctrl-C, then what the server printed after the "Serving" line.
    @discardableResult
    func interrupt() -> String {
        guard process.isRunning else { return "" }
        process.interrupt()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit { interrupt() }
}
