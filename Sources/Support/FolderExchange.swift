import Foundation

/// Swaps two paths in one step, where the kernel and file system can: Linux's
/// `renameat2(RENAME_EXCHANGE)`, macOS's `renamex_np(RENAME_SWAP)`. A reader then finds one
/// folder or the other at each path, never nothing.
package enum FolderExchange {
    /// True when the two paths were swapped; false with `errno` set when they were not
    /// (`EINVAL` or `ENOSYS`: not supported here; the caller falls back to two renames).
    package static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
        guard let renameat2 = linuxRenameat2 else {
            errno = ENOSYS
            return false
        }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #endif
    }

    #if !canImport(Darwin)
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// `RENAME_EXCHANGE` of `<linux/fs.h>`.
    private static let renameExchange: UInt32 = 1 << 1
    /// glibc has had `renameat2` since 2.28, but Swift's Glibc module does not declare it
    /// (it sits behind `_GNU_SOURCE`), so it is looked up by name; nil where it is missing.
    private static let linuxRenameat2: Renameat2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }()
    #endif
}
