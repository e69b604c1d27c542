import Foundation

/// Runs `body` on a thread with a 512 KiB stack, the size worker threads get
/// (and less than a test runner's threads may have), so a test of deep input
/// proves the engine fits there rather than relying on the runner's stack.
/// Overflowing it kills the test process: a failure no one can overlook.
func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
    let box = ResultBox<Result>()
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.set(Swift.Result { try body() })
        finished.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    finished.wait()
    return try box.get()
}

private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    func set(_ result: Result<Value, any Error>) {
        lock.withLock { self.result = result }
    }

    func get() throws -> Value {
        guard let result = lock.withLock({ result }) else { throw NoResult() }
        return try result.get()
    }

    private struct NoResult: Error {}
}
