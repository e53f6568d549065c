package import Foundation

/// The files the runtime makes for a while: downloads (a body saved to a file) and uploads (a multipart body
/// written to a file because a part is one). Every transport names them here, alike.
package enum TemporaryFiles {
    /// What a file holds, the start of its name.
    package enum Kind: String, Sendable {
        /// A response body saved to a file: `specsmith-download-<UUID>`.
        case download
        /// A request body written to a file: `specsmith-upload-<UUID>`.
        case upload
    }

    /// The folder used when a caller names none; `nil` is the system's temporary folder. A test sets it for the
    /// requests it sends (`TemporaryFiles.$folder.withValue(url) { … }`), to watch its own files alone.
    @TaskLocal package static var folder: URL?

    /// A new file's place in `folder`, else ``folder``, else the system's temporary folder. Nothing is created.
    package static func newFile(_ kind: Kind, in folder: URL? = nil) -> URL {
        (folder ?? Self.folder ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent("specsmith-\(kind.rawValue)-\(UUID().uuidString)")
    }
}
