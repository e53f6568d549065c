import Foundation
import Hummingbird
import SlackWebServer
import SpecsmithRuntime
import SpecsmithServer
import Synchronization

/// A bot token's grant: the scopes slack_sdk's calls need at once (a Slack token carries several scopes). Its
/// scope type meets each endpoint's requirement.
enum BotToken: Scope.ChatWriteBotAccess, Scope.ChannelsReadAccess, Scope.ChannelsHistoryAccess,
    Scope.ChannelsWriteAccess, Scope.UsersReadAccess
{}

/// A Slack workspace written as an app would serve the Web API's server generated from Slack's own description
/// (`Specs/SlackWeb.yaml`): channels, their messages and one user, in memory. Errors are Slack's: `ok: false` with
/// the error's name, which slack_sdk raises as `SlackApiError` whatever the status.
final class SlackWorkspace: SlackWebService {
    /// The bot token the workspace grants.
    static let token = "xoxb-sdk-check"

    struct Channel: Sendable {
        var id: String
        var name: String
        var isPrivate: Bool
        var created: Int
        var messages: [ObjsMessage] = []
    }

    let channels = Mutex<[Channel]>([])
    let clock = Mutex(1_767_225_600)

    func authenticate(_ credential: Credential) async throws -> Grant<String>? {
        credential == .token(Self.token) ? Grant("B0001", scope: BotToken.self) : nil
    }

    /// A value of an error body, read from its JSON: the bodies' `ok` is always `false`.
    static func failure<Body: Decodable>(_ type: Body.Type, _ error: String) -> Body {
        try! JSONDecoder().decode(Body.self, from: Data(#"{"ok":false,"error":"\#(error)"}"#.utf8))
    }

    /// Slack's name for what is wrong with a request: its credentials (`invalid_auth`, `not_authed`), or its
    /// arguments.
    static func error(of problems: RequestProblems) -> String {
        if problems.message.contains("needs credentials") { return "not_authed" }
        if problems.message.contains("credentials") { return "invalid_auth" }
        return "invalid_arg_name"
    }

    func errorBody(for problems: RequestProblems) -> ChatPostMessageErrorBody {
        Self.failure(ChatPostMessageErrorBody.self, Self.error(of: problems))
    }
    func errorBody(for problems: RequestProblems) -> ConversationsCreateErrorBody {
        Self.failure(ConversationsCreateErrorBody.self, Self.error(of: problems))
    }
    func errorBody(for problems: RequestProblems) -> ConversationsHistoryErrorBody {
        Self.failure(ConversationsHistoryErrorBody.self, Self.error(of: problems))
    }
    func errorBody(for problems: RequestProblems) -> ConversationsListErrorBody {
        Self.failure(ConversationsListErrorBody.self, Self.error(of: problems))
    }
    func errorBody(for problems: RequestProblems) -> UsersInfoErrorBody {
        Self.failure(UsersInfoErrorBody.self, Self.error(of: problems))
    }

    /// The next moment, a second after the last: messages' timestamps and channels' creation times.
    func tick() -> Int {
        clock.withLock {
            $0 += 1
            return $0
        }
    }

    /// A channel as the Web API writes one: a conversation object.
    static func json(_ channel: Channel) -> JSON {
        [
            "id": .string(channel.id), "name": .string(channel.name), "is_channel": .bool(!channel.isPrivate),
            "is_group": .bool(channel.isPrivate), "is_im": false, "is_private": .bool(channel.isPrivate),
            "is_archived": false, "is_general": false, "created": .number(JSON.Number(channel.created)),
            "creator": "U0001", "is_member": true,
        ]
    }

    /// What `chat.postMessage` received, for the checks: the flags it read.
    let unfurls = Mutex<[Bool?]>([])

    func chatPostMessage(
        asUser: String?,
        attachments: String?,
        blocks: String?,
        channel: String,
        iconEmoji: String?,
        iconUrl: String?,
        linkNames: Bool?,
        mrkdwn: Bool?,
        parse: String?,
        replyBroadcast: Bool?,
        text: String?,
        threadTs: String?,
        unfurlLinks: Bool?,
        unfurlMedia: Bool?,
        username: String?,
        token: String?,
        caller: Caller<Scope.ChatWriteBotOrChatWriteUser, String>
    ) async throws -> Reply<ChatPostMessageResponse, ChatPostMessageErrorBody> {
        unfurls.withLock { $0.append(unfurlLinks) }
        guard let text, !text.isEmpty else {
            return .error(Self.failure(ChatPostMessageErrorBody.self, "no_text"), status: 400)
        }
        let ts = "\(tick()).000100"
        var message = ObjsMessage(text: text, ts: ts, type: "message")
        message.user = "U0001"
        message.botId = .string(caller.identity)
        let posted: String? = channels.withLock { channels in
            guard let index = channels.firstIndex(where: { $0.id == channel || $0.name == channel }) else {
                return nil
            }
            channels[index].messages.append(message)
            return channels[index].id
        }
        guard let posted else {
            return .error(Self.failure(ChatPostMessageErrorBody.self, "channel_not_found"), status: 404)
        }
        return .answer(ChatPostMessageResponse(channel: posted, message: message, ok: true, ts: ts))
    }

    func conversationsCreate(
        name: String?,
        isPrivate: Bool?,
        token: String?,
        caller: Caller<Scope.ChannelsWriteOrGroupsWriteOrImWriteOrMpimWrite, String>
    ) async throws -> Reply<ConversationsCreateResponse, ConversationsCreateErrorBody> {
        guard let name, !name.isEmpty else {
            return .error(Self.failure(ConversationsCreateErrorBody.self, "invalid_name_required"), status: 400)
        }
        let created = tick()
        let made: Channel? = channels.withLock { channels in
            guard !channels.contains(where: { $0.name == name }) else { return nil }
            let channel = Channel(
                id: "C\(1000 + channels.count)",
                name: name,
                isPrivate: isPrivate ?? false,
                created: created
            )
            channels.append(channel)
            return channel
        }
        guard let channel = made else {
            return .error(Self.failure(ConversationsCreateErrorBody.self, "name_taken"), status: 400)
        }
        return .answer(ConversationsCreateResponse(channel: Self.json(channel), ok: true))
    }

    /// A page of `items` from the position `cursor` names (the Web API's cursors are opaque: this one is the
    /// position as text), and the next page's cursor, empty after the last.
    static func page<Item>(_ items: [Item], cursor: String?, limit: Int?) -> (items: [Item], next: String) {
        let start = min(Int(cursor ?? "") ?? 0, items.count)
        let size = max(1, min(limit ?? 100, 1000))
        let end = min(start + size, items.count)
        return (Array(items[start..<end]), end < items.count ? String(end) : "")
    }

    func conversationsHistory(
        token: String?,
        channel: String?,
        latest: Double?,
        oldest: Double?,
        inclusive: Bool?,
        limit: Int?,
        cursor: String?,
        caller: Caller<Scope.ChannelsHistoryOr3Others, String>
    ) async throws -> Reply<ConversationsHistoryResponse, ConversationsHistoryErrorBody> {
        let messages = channels.withLock { channels in channels.first { $0.id == channel }?.messages }
        guard let messages else {
            return .error(Self.failure(ConversationsHistoryErrorBody.self, "channel_not_found"), status: 404)
        }
        // Newest first, as the Web API lists them.
        let (slice, next) = Self.page(Array(messages.reversed()), cursor: cursor, limit: limit)
        // The description's answer has no `response_metadata` (Slack's has, with the next page's cursor): a page
        // says only whether there are more.
        return .answer(
            ConversationsHistoryResponse(
                channelActionsCount: 0,
                channelActionsTs: .null,
                hasMore: !next.isEmpty,
                messages: slice,
                ok: true,
                pinCount: 0
            )
        )
    }

    func conversationsList(
        token: String?,
        excludeArchived: Bool?,
        types: String?,
        limit: Int?,
        cursor: String?,
        caller: Caller<Scope.ChannelsReadOrGroupsReadOrImReadOrMpimRead, String>
    ) async throws -> Reply<ConversationsListResponse, ConversationsListErrorBody> {
        let all = channels.withLock { $0 }
        let (slice, next) = Self.page(all, cursor: cursor, limit: limit)
        return .answer(
            ConversationsListResponse(
                channels: slice.map(Self.json),
                ok: true,
                responseMetadata: ConversationsListResponseResponseMetadata(nextCursor: next)
            )
        )
    }

    func usersInfo(
        token: String?,
        includeLocale: Bool?,
        user: String?,
        caller: Caller<Scope.UsersRead, String>
    ) async throws -> Reply<UsersInfoResponse, UsersInfoErrorBody> {
        guard user == "U0001" else {
            return .error(Self.failure(UsersInfoErrorBody.self, "user_not_found"), status: 404)
        }
        var person: JSON = [
            "id": "U0001", "team_id": "T0001", "name": "ann", "real_name": "Ann Example", "deleted": false,
            "is_bot": false, "tz": "Europe/Madrid", "profile": ["real_name": "Ann Example", "display_name": "ann"],
        ]
        if includeLocale == true, case .object(var fields) = person {
            fields["locale"] = "es-ES"
            person = .object(fields)
        }
        return .answer(UsersInfoResponse(ok: true, user: person))
    }
}

/// The same methods as POSTs, their parameters in a form, as slack_sdk sends every call.
extension SlackWorkspace {
    func conversationsHistoryPost(
        token: String?,
        channel: String?,
        latest: Double?,
        oldest: Double?,
        inclusive: Bool?,
        limit: Int?,
        cursor: String?,
        caller: Caller<Scope.ChannelsHistoryOr3Others, String>
    ) async throws -> Reply<ConversationsHistoryResponse, ConversationsHistoryErrorBody> {
        try await conversationsHistory(
            token: token,
            channel: channel,
            latest: latest,
            oldest: oldest,
            inclusive: inclusive,
            limit: limit,
            cursor: cursor,
            caller: caller
        )
    }

    func conversationsListPost(
        token: String?,
        excludeArchived: Bool?,
        types: String?,
        limit: Int?,
        cursor: String?,
        caller: Caller<Scope.ChannelsReadOrGroupsReadOrImReadOrMpimRead, String>
    ) async throws -> Reply<ConversationsListResponse, ConversationsListErrorBody> {
        try await conversationsList(
            token: token,
            excludeArchived: excludeArchived,
            types: types,
            limit: limit,
            cursor: cursor,
            caller: caller
        )
    }

    func usersInfoPost(
        token: String?,
        includeLocale: Bool?,
        user: String?,
        caller: Caller<Scope.UsersRead, String>
    ) async throws -> Reply<UsersInfoResponse, UsersInfoErrorBody> {
        try await usersInfo(token: token, includeLocale: includeLocale, user: user, caller: caller)
    }
}

/// The workspace's routes, under `/api` as Slack serves them, for the tests.
func register(_ workspace: SlackWorkspace) -> (Router<BasicRequestContext>) -> Void {
    { router in workspace.registerRoutes(on: router.group("/api")) }
}
