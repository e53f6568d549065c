import Foundation
import LoopbackServer
import SlackWeb
import SpecsmithRuntime
import Testing

@testable import ExampleServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client and server generated from a cut of Slack's own description (`Specs/SlackWeb.yaml`, Swagger 2.0):
/// its methods take their arguments as a form, or as a JSON object of the same fields where the description
/// consumes both (as slack_sdk posts `chat.postMessage`), and answer `ok: false` errors.
@Suite struct SlackWebServerTests {
    static let token = SlackWorkspace.token

    /// A raw request to the workspace: what slack_sdk sends, which the generated client does not.
    static func post(_ url: URL, _ method: String, contentType: String, _ body: String) async throws -> (Int, JSON) {
        var request = URLRequest(url: url.appending(path: method))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return (
            (response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONDecoder().decode(JSON.self, from: data)) ?? .null
        )
    }

    @Test(arguments: TestTransport.allCases)
    func theClientCallsTheWorkspace(transport: TestTransport) async throws {
        let workspace = SlackWorkspace()
        try await withLoopbackServer(register(workspace)) { url, log in
            let api = url.appending(path: "api")
            let writer = SlackWebClient<Scope.ChannelsWrite>(
                baseURL: api,
                credentials: .token(Self.token),
                transport: transport.make()
            )
            let created = try await writer.conversationsCreate(name: "general", isPrivate: false)
            #expect(created.ok && created.channel["name"] == "general")
            let poster = writer.authorized(as: Scope.ChatWriteBot.self, credentials: .token(Self.token))
            let posted = try await poster.chatPostMessage(channel: "general", text: "hi", unfurlLinks: false)
            #expect(posted.message.text == "hi" && workspace.unfurls.withLock { $0 } == [false])
            // The client sends the description's form.
            #expect(await log.requests.last?.headers["content-type"] == "application/x-www-form-urlencoded")
            let reader = writer.authorized(as: Scope.ChannelsRead.self, credentials: .token(Self.token))
            let listed = try await reader.conversationsList(limit: 10)
            #expect(listed.channels.map { $0["name"] } == ["general"])
            let error = await #expect(throws: APIError<ChatPostMessageErrorBody>.self) {
                try await poster.chatPostMessage(channel: "nowhere", text: "x")
            }
            #expect(error?.errorBody?.error == .channelNotFound && error?.errorBody?.ok == false)
        }
    }

    /// A form route whose description consumes JSON too takes a JSON object of the same fields, as slack_sdk
    /// posts it: text, a Boolean as `false`, a list of blocks as its JSON text. A JSON body that is no object is
    /// refused, naming the problem; a form route that takes no JSON reads none.
    @Test func aFormMethodTakesTheSameFieldsAsJSON() async throws {
        let workspace = SlackWorkspace()
        try await withLoopbackServer(register(workspace)) { url, _ in
            let api = url.appending(path: "api")
            let (created, _) = try await Self.post(
                api,
                "conversations.create",
                contentType: "application/x-www-form-urlencoded",
                "name=general&is_private=1"
            )
            #expect(created == 200)
            let (status, answer) = try await Self.post(
                api,
                "chat.postMessage",
                contentType: "application/json; charset=utf-8",
                #"{"channel":"general","text":"hello","unfurl_links":false,"blocks":[{"type":"section"}],"mrkdwn":null}"#
            )
            #expect(status == 200 && answer["message"]?["text"] == "hello", "\(answer)")
            #expect(workspace.unfurls.withLock { $0 } == [false])
            let (refused, problem) = try await Self.post(
                api,
                "chat.postMessage",
                contentType: "application/json",
                "[1, 2]"
            )
            #expect(refused == 400 && problem["ok"] == false, "\(problem)")
            // The twin of a GET method: its query parameters as a form, as slack_sdk POSTs them.
            let (listed, channels) = try await Self.post(
                api,
                "conversations.list",
                contentType: "application/x-www-form-urlencoded",
                "limit=1"
            )
            #expect(listed == 200 && channels["channels"]?[0]?["name"] == "general")
            #expect(channels["channels"]?[0]?["is_private"] == true)
        }
    }
}
