#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a detached thread for a closure and says whether it could. Foundation's
/// `Thread.start()` fails silently when the system refuses a thread (process or memory
/// limits), so the caller could never close the socket it meant to hand over; this can.
/// Injected, so that a test can make it fail.
struct ThreadSpawner: Sendable {
    let spawn: @Sendable (_ body: @escaping @Sendable () -> Void) -> Bool

    /// A pthread with a 1 MiB stack: ample for a connection (nothing on it recurses), and
    /// small, so that many open connections fit under an address-space limit.
    static let system = ThreadSpawner { body in
        final class Start {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, 1 << 20)
        let context = Unmanaged.passRetained(Start(body)).toOpaque()
        #if os(Linux)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Start>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
