import Foundation
import FileSupport

extension FileError {
    /// A Foundation file error as path and problem (the path from the error, the reason in words).
    init(foundation error: CocoaError) {
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { error -> String? in
            error.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(error.code))) : nil
        }
        let reason: String
        switch error.code {
        case .fileWriteOutOfSpace: reason = "no space left on the device"
        case .fileWriteNoPermission, .fileReadNoPermission: reason = "permission denied"
        case .fileWriteVolumeReadOnly: reason = "read-only file system"
        case .fileNoSuchFile, .fileReadNoSuchFile: reason = "no such file or folder"
        case .fileWriteFileExists: reason = "a file is in the way"
        default: reason = underlying ?? "cannot be written or read (\(error.code.rawValue))"
        }
        self.init(path: error.filePath ?? "(unknown file)", problem: underlying.map { reason == $0 ? $0 : "\(reason) (\($0))" } ?? reason)
    }
}
