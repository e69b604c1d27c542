import Foundation
import Dispatch

extension Array where Element: Sendable {
    /// `map` over all cores. Each index writes only its own slot, so the
    /// results need no lock; order is kept.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let buffer = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        buffer.initialize(repeating: nil)
        defer { buffer.deallocate() }
        let slots = SendableBuffer(buffer)
        // A few strided chunks per core: heavy elements that sit together (the feed jobs at
        // the end of a site's job list) are spread over every chunk, without per-element
        // dispatch cost.
        let chunks = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let elements = self
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for index in stride(from: chunk, to: elements.count, by: chunks) {
                slots.buffer[index] = transform(elements[index])
            }
        }
        return buffer.map { $0! }
    }
}

/// Lets distinct concurrent iterations write distinct slots of one buffer.
private struct SendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>
    init(_ buffer: UnsafeMutableBufferPointer<T?>) { self.buffer = buffer }
}
