import Foundation
import SpecsmithRuntime
import Testing

/// The media type an upload is sent as: the one given, else its name's extension's.
@Suite struct FileUploadTests {
    @Test(arguments: [
        ("trip.mp4", "video/mp4"), ("photo.PNG", "image/png"), ("scan.jpeg", "image/jpeg"),
        ("speech.m4a", "audio/mp4"), ("batch.jsonl", "application/jsonl"), ("notes.txt", "text/plain"),
        ("report.final.pdf", "application/pdf"), ("archive.tar.gz", "application/gzip"),
        ("README", "application/octet-stream"), (".profile", "application/octet-stream"),
        ("data.unknown", "application/octet-stream"), ("trailing.", "application/octet-stream"),
    ])
    func aNamesExtensionSaysItsMediaType(name: String, type: String) {
        #expect(FileUpload.mediaType(ofFileNamed: name) == type)
        #expect(FileUpload(contentsOf: URL(fileURLWithPath: "/tmp/\(name)")).contentType == type)
        #expect(FileUpload(Data(), filename: name).contentType == type)
    }

    @Test func aGivenTypeOrNameWins() {
        let url = URL(fileURLWithPath: "/tmp/clip.mov")
        #expect(FileUpload(contentsOf: url).contentType == "video/quicktime")
        #expect(FileUpload(contentsOf: url, contentType: "video/mp4").contentType == "video/mp4")
        // The name sent decides, not the file's on disk.
        #expect(FileUpload(contentsOf: url, filename: "clip.webm").contentType == "video/webm")
        #expect(FileUpload(Data([1])).contentType == "application/octet-stream")
    }
}
