import Foundation
import Dispatch

extension Array where Element: Sendable {
    /// `map` over all cores. Each index writes only its own slot, so the
    /// results need no lock; order is kept.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        // A few strided chunks per core: heavy elements that sit together (the feed jobs at
        // the end of a site's job list) are spread over every chunk, without per-element
        // dispatch cost.
        let chunks = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let elements = self
        return Self.collected(count) { slots in
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for index in stride(from: chunk, to: elements.count, by: chunks) {
                    slots.buffer[index] = transform(elements[index])
                }
            }
        }
    }

    /// `map` over all cores, each core taking the next element not yet taken: elements
    /// finish about in order, so what a job holds for its neighbours' sake (a series'
    /// feed waiting for its parts) is let go soon after.
    package func parallelMapInOrder<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let next = NextIndex()
        let elements = self
        return Self.collected(count) { slots in
            DispatchQueue.concurrentPerform(iterations: Swift.min(elements.count, ProcessInfo.processInfo.activeProcessorCount)) { _ in
                while let index = next.take(below: elements.count) {
                    slots.buffer[index] = transform(elements[index])
                }
            }
        }
    }

    /// `count` results, each written into its own slot by `fill`.
    private static func collected<T>(_ count: Int, _ fill: (SendableBuffer<T>) -> Void) -> [T] {
        let buffer = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        buffer.initialize(repeating: nil)
        defer { buffer.deallocate() }
        fill(SendableBuffer(buffer))
        return buffer.map { $0! }
    }
}

/// The next index to hand out, shared by the cores.
private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below end: Int) -> Int? {
        lock.withLock {
            guard value < end else { return nil }
            value += 1
            return value - 1
        }
    }
}

/// Lets distinct concurrent iterations write distinct slots of one buffer.
private struct SendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>
    init(_ buffer: UnsafeMutableBufferPointer<T?>) { self.buffer = buffer }
}

/// Work started on another thread now, whose result is waited for later: a build's image
/// copies, made while its pages render.
package final class BackgroundWork<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: T?

    package init(_ work: @escaping @Sendable () -> T) {
        DispatchQueue.global().async { [self] in
            result = work()
            done.signal()
        }
    }

    /// The result, once the work is done; called once.
    package func wait() -> T {
        done.wait()
        return result!
    }
}
