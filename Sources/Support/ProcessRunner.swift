import Foundation

/// Runs a process to completion, its input and output in files (no pipe can fill up and stall it).
package enum ProcessRunner {
    /// `input`, if given, is the process's standard input; otherwise it reads nothing.
    package static func run(_ executable: String, _ arguments: [String], in folder: URL, input: Data? = nil,
                    timeout: TimeInterval = 300) -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let outURL = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        let inURL = folder.appendingPathComponent(".stdin-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        guard let out = try? FileHandle(forWritingTo: outURL), let err = try? FileHandle(forWritingTo: errURL) else {
            return (-1, "", "cannot create output files in \(folder.path)")
        }
        var inputHandle = FileHandle.nullDevice
        if let input {
            guard FileManager.default.createFile(atPath: inURL.path, contents: input),
                  let handle = try? FileHandle(forReadingFrom: inURL) else {
                return (-1, "", "cannot create an input file in \(folder.path)")
            }
            inputHandle = handle
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inputHandle
        // Woken by the process's exit instead of polling for it.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return (-1, "", "cannot run \(executable): \(error.localizedDescription)")
        }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            return (-1, "", "\(URL(fileURLWithPath: executable).lastPathComponent) did not finish in \(Int(timeout)) s and was stopped")
        }
        process.waitUntilExit()
        for handle in [out, err, inputHandle] where handle !== FileHandle.nullDevice { try? handle.close() }
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, stdout, stderr)
    }
}
