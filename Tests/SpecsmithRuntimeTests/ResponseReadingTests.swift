import Foundation
import SpecsmithRuntime
import Testing

/// Reading answers that are not JSON and documented response headers: `Link` headers, HTTP dates, charsets.
@Suite struct ResponseReadingTests {
    static let base = URL(string: "https://api.example.com/v1/items?page=1")!

    @Test func linkHeadersParseAsRFC8288Says() throws {
        let text =
            #"<https://api.example.com/v1/items?page=2>; rel="next", </v1/items?page=9>; rel="last"; title="a, \"b\"", <?page=1>;rel=FIRST;foo=bar"#
        let links = try #require(Links(headerValue: text, responseURL: Self.base))
        #expect(links.links.count == 3)
        #expect(links["next"]?.absoluteString == "https://api.example.com/v1/items?page=2")
        #expect(links["last"]?.absoluteString == "https://api.example.com/v1/items?page=9")
        #expect(links["first"]?.absoluteString == "https://api.example.com/v1/items?page=1")
        #expect(links.links[1].parameters["title"] == #"a, "b""#)
        #expect(links.links[2].parameters["foo"] == "bar")
        #expect(links["prev"] == nil)
    }

    @Test func aLinkMayHaveSeveralRelationsAndOnlyTheFirstRelCounts() throws {
        let links = try #require(
            Links(headerValue: #"<https://x.example/a>; rel="next last"; rel=prev"#, responseURL: nil)
        )
        #expect(links.links.first?.relations == ["next", "last"])
        #expect(links["prev"] == nil)
        #expect(Links(headerValue: "", responseURL: nil)?.links == [])
    }

    @Test(arguments: [
        "https://x.example/a; rel=next",  // no angle brackets
        "<https://x.example/a; rel=next",  // unclosed
        #"<https://x.example/a>; rel="next"#,  // unclosed quote
        "<https://x.example/a>; =next",  // no parameter name
        "<https://x.example/a> <https://x.example/b>",  // no comma
    ])
    func malformedLinkHeadersAreNotLinks(text: String) {
        #expect(Links(headerValue: text, responseURL: nil) == nil)
    }

    @Test func httpDatesInAllThreeForms() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") == date)
        #expect(HTTPDate.date(from: "Sun Nov  6 08:49:37 1994") == date)
        #expect(HTTPDate.date(from: "yesterday") == nil)
        #expect(HTTPDate.text(for: date) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func requiredAndOptionalHeadersAreTypedAndNamedWhenWrong() throws {
        let response = RawResponse(
            status: 200,
            headers: ["x-count": " 42 ", "Location": "/v1/items/7", "X-Reset": "1700000000", "X-Bad": "forty"],
            url: Self.base
        )
        #expect(try response.requiredHeader("X-Count", as: Int.self) == 42)
        #expect(
            try response.requiredHeader("location", as: URL.self).absoluteString == "https://api.example.com/v1/items/7"
        )
        #expect(
            try response.optionalHeader("X-Reset", as: .secondsSince1970) == Date(timeIntervalSince1970: 1_700_000_000)
        )
        #expect(try response.optionalHeader("X-Missing", as: String.self) == nil)
        #expect(throws: ResponseReadingError(place: "header X-Missing", "The response has no 'X-Missing' header.")) {
            try response.requiredHeader("X-Missing", as: String.self)
        }
        #expect(throws: ResponseReadingError.self) { try response.optionalHeader("X-Bad", as: Int.self) }
        #expect(throws: ResponseReadingError.self) { try response.optionalHeader("X-Bad", as: .iso8601) }
    }

    @Test func textIsReadInTheCharsetTheResponseNames() throws {
        let latin1 = RawResponse(
            status: 200,
            headers: ["Content-Type": #"text/plain; charset="iso-8859-1""#],
            body: Data([0x47, 0x72, 0xFC, 0xDF, 0x65])
        )
        #expect(try latin1.text() == "Grüße")
        let utf16 = RawResponse(
            status: 200,
            headers: ["content-type": "text/csv;charset=UTF-16LE"],
            body: "a,b".data(using: .utf16LittleEndian)!
        )
        #expect(try utf16.text() == "a,b")
        let unknown = RawResponse(status: 200, headers: ["Content-Type": "text/plain; charset=klingon"], body: Data())
        #expect(throws: ResponseReadingError.self) { try unknown.text() }
        let invalid = RawResponse(status: 200, body: Data([0xFF, 0xFE, 0xFD]))
        #expect(throws: ResponseReadingError.self) { try invalid.text() }
    }

    @Test func answersAreTheStatusesTheDecodingNames() throws {
        let decoding = ResponseDecoding<Int>(statuses: [200, 304]) { response, _ in response.status }
        #expect(decoding.accepts(304))
        #expect(!decoding.accepts(201))
        #expect(ResponseDecoding<Data>.bytes.accepts(299))
        #expect(!ResponseDecoding<Data>.bytes.accepts(304))
    }
}

/// Bodies that are files, as middleware and stubs see them.
@Suite struct FileBodyTests {
    @Test func logsDescribeAStreamedBodyBySize() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FileBodyTests-\(UUID().uuidString)")
        try Data(count: 1234).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var request = TransportRequest(operationName: "upload", method: .put, url: URL(string: "https://x.example")!)
        request.bodyFile = url
        #expect(Redaction().body(of: request) == "<1234 bytes streamed from a file>")
    }

    @Test func aStubAnswersDownloadsThroughAFileTheClientWrites() async throws {
        let endpoint = Endpoint<URL>(
            "export",
            method: .get,
            path: "/export",
            sampleData: Data("zip".utf8),
            decoding: .file
        )
        let client = APIClient(baseURL: URL(string: "https://x.example")!, transport: StubTransport())
        let file = try await client.send(endpoint)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Data("zip".utf8))
        #expect(try client.request(for: endpoint).downloadsToFile)
    }

    @Test func multipartBodiesInMemoryAreExact() throws {
        let body = RequestBody.multipart([
            MultipartField.text("a", "1"), MultipartField.text("b", [2, 3]),
            MultipartField.file("f", FileUpload(Data("x".utf8), filename: "x.txt", contentType: "text/plain")),
            MultipartField.text("none", String?.none),
        ])
        let text = String(decoding: try body.encoded(with: JSONEncoder()), as: UTF8.self)
        let boundary = String(text.prefix(while: { $0 != "\r\n" }).dropFirst(2))
        #expect(boundary.hasPrefix("specsmith-"))
        let part = { (name: String, value: String) in
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        #expect(
            text == part("a", "1") + part("b", "2") + part("b", "3")
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nx\r\n--\(boundary)--\r\n"
        )
    }
}
