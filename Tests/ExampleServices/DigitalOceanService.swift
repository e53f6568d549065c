import DigitalOceanServer
import Foundation
import Hummingbird
import SpecsmithRuntime
import SpecsmithServer
import Synchronization

/// A DigitalOcean account written as an app would serve the server generated from a cut of DigitalOcean's own
/// description (`Specs/DigitalOcean.yaml`, spread over files as the original is): droplets, tags, domains and
/// their records, in memory, for pydo (scripts/sdk-check.py).
final class DigitalOceanAccount: DigitalOceanService {
    /// The personal access token the account grants.
    static let token = "dop_v1_sdk_check"

    struct State: Sendable {
        var droplets: [Droplet] = []
        var tags: [String] = []
        var domains: [Domain] = []
        var records: [String: [DomainRecord]] = [:]
        var nextID = 3_164_444
    }

    let state = Mutex(State())

    func authenticate(_ credential: Credential) async throws -> Grant<String>? {
        credential == .token(Self.token) ? Grant("account", scope: Scope.BearerAuth.self) : nil
    }

    static func value<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value {
        try! DateCoding.iso8601.makeDecoder().decode(Value.self, from: Data(json.utf8))
    }

    /// `text` as a JSON string, quotes included, for any text a request carries.
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    static func notFound(_ what: String) -> ErrorModel {
        ErrorModel(id: "not_found", message: "The resource you were accessing could not be found. (\(what))")
    }

    func errorBody(for problems: RequestProblems) -> ErrorModel {
        ErrorModel(
            id: problems.message.contains("credentials") ? "unauthorized" : "bad_request",
            message: problems.message
        )
    }

    func errorBody(for problems: RequestProblems) -> ErrorWithRootCauses {
        ErrorWithRootCauses(error: problems.message, rootCauses: problems.problems.map(\.message))
    }

    /// The rate limit headers every answer carries.
    static let limits = (limit: 5000, remaining: 4999, reset: 1_767_225_600)

    // MARK: Droplets

    /// A new droplet as the API answers one: `new`, in the region and of the size asked for.
    func droplet(named name: String, size: String, region: String?, tags: [String]) -> Droplet {
        let id = state.withLock {
            $0.nextID += 1
            return $0.nextID
        }
        let region = region ?? "nyc3"
        var droplet = Self.value(
            Droplet.self,
            #"""
            {"id":\#(id),"name":\#(Self.quoted(name)),"memory":1024,"vcpus":1,"disk":25,"locked":false,"status":"new",
             "created_at":"2026-01-01T00:00:00Z","features":[],"backup_ids":[],"snapshot_ids":[],"volume_ids":[],
             "next_backup_window":{"start":"2026-01-02T00:00:00Z","end":"2026-01-02T23:00:00Z"},
             "image":{"id":7555620,"name":"22.04 x64","distribution":"Ubuntu","slug":"ubuntu-22-04-x64","public":true,
                      "regions":["nyc3"],"type":"base","min_disk_size":15,"size_gigabytes":2.36,"status":"available"},
             "size":{"slug":\#(Self.quoted(size)),"memory":1024,"vcpus":1,"disk":25,"transfer":1.0,"price_monthly":6.0,
                     "price_hourly":0.00893,"regions":[\#(Self.quoted(region))],"available":true,"description":"Basic"},
             "size_slug":\#(Self.quoted(size)),"networks":{"v4":[],"v6":[]},
             "region":{"name":"New York 3","slug":\#(Self.quoted(region)),"features":["metadata"],"available":true,"sizes":[\#(Self.quoted(size))]},
             "tags":[]}
            """#
        )
        droplet.tags = tags
        return droplet
    }

    func dropletsCreate(
        body: DropletsCreateRequest?,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DropletsCreateResponse, DropletsCreateResponseHeaders>, ErrorModel> {
        let headers = DropletsCreateResponseHeaders(
            ratelimitLimit: Self.limits.limit,
            ratelimitRemaining: Self.limits.remaining
        )
        let links = DropletsCreateResponseDropletResponseLinks(actions: [])
        switch body {
        case .singleDroplet(let create)?:
            let made = droplet(named: create.name, size: create.size, region: create.region, tags: create.tags)
            state.withLock { $0.droplets.append(made) }
            return .answer(
                WithHeaders(
                    .singleDropletResponse(.init(droplet: made, links: links)),
                    headers: headers
                )
            )
        case .multipleDroplet(let create)?:
            let made = create.names.map {
                droplet(named: $0, size: create.size, region: create.region, tags: create.tags)
            }
            state.withLock { $0.droplets += made }
            return .answer(
                WithHeaders(
                    .multipleDropletResponse(.init(droplets: made, links: links)),
                    headers: headers
                )
            )
        case nil:
            return .error(ErrorModel(id: "unprocessable_entity", message: "A droplet needs a name."), status: 422)
        }
    }

    func dropletsGet(
        dropletId: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DropletsGetResponse, DropletsGetResponseHeaders>, ErrorModel> {
        guard let droplet = state.withLock({ $0.droplets.first { $0.id == dropletId } }) else {
            return .error(Self.notFound("droplet \(dropletId)"), status: 404)
        }
        return .answer(WithHeaders(DropletsGetResponse(droplet: droplet), headers: DropletsGetResponseHeaders()))
    }

    /// A page of `items` and the links to the pages around it, as the API writes them.
    static func page<Item>(_ items: [Item], page: Int, perPage: Int, path: String) -> (items: [Item], links: PageLinks?)
    {
        // (Any number a request sends: a page past the last is empty, as are one before the first.)
        let size = max(1, min(perPage, 200))
        let page = max(1, min(page, items.count + 1))
        let start = min((page - 1) * size, items.count)
        let slice = Array(items[start..<min(start + size, items.count)])
        let last = max(1, (items.count + size - 1) / size)
        guard page < last else { return (slice, nil) }
        let base = "https://api.digitalocean.com\(path)?per_page=\(size)&page="
        return (
            slice,
            PageLinks(pages: .forwardLinks(ForwardLinks(last: base + String(last), next: base + String(page + 1))))
        )
    }

    func dropletsList(
        perPage: Int,
        page: Int,
        tagName: String?,
        name: String?,
        type: DropletsListType?,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DropletsListResponse, DropletsListResponseHeaders>, ErrorModel> {
        let all = state.withLock { $0.droplets }.filter { droplet in
            (tagName == nil || droplet.tags.contains(tagName!)) && (name == nil || droplet.name == name)
        }
        let (items, links) = Self.page(all, page: page, perPage: perPage, path: "/v2/droplets")
        return .answer(
            WithHeaders(
                DropletsListResponse(links: links, meta: MetaMeta(total: all.count), droplets: items),
                headers: DropletsListResponseHeaders()
            )
        )
    }

    func dropletsDestroy(
        dropletId: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<Void, DropletsDestroyResponseHeaders>, ErrorModel> {
        let removed = state.withLock { state in
            let before = state.droplets.count
            state.droplets.removeAll { $0.id == dropletId }
            return before != state.droplets.count
        }
        guard removed else { return .error(Self.notFound("droplet \(dropletId)"), status: 404) }
        return .answer(WithHeaders((), headers: DropletsDestroyResponseHeaders()))
    }

    // MARK: Tags

    static func tag(_ name: String, droplets: Int) -> Tags {
        Self.value(
            Tags.self,
            #"{"name":\#(Self.quoted(name)),"resources":{"count":\#(droplets),"droplets":{"count":\#(droplets)}}}"#
        )
    }

    func tagsCreate(
        body: Tags,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<TagsCreateResponse, TagsCreateResponseHeaders>, TagsCreateError> {
        guard let name = body.name, !name.isEmpty, !name.contains("/") else {
            return .error(
                .errorWithRootCauses(ErrorWithRootCauses(error: "name is required", rootCauses: ["name"])),
                status: 400
            )
        }
        state.withLock { if !$0.tags.contains(name) { $0.tags.append(name) } }
        return .answer(
            WithHeaders(TagsCreateResponse(tag: Self.tag(name, droplets: 0)), headers: TagsCreateResponseHeaders())
        )
    }

    func tagsGet(
        tagId: String,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<TagsGetResponse, TagsGetResponseHeaders>, ErrorModel> {
        let (known, count) = state.withLock { state in
            (state.tags.contains(tagId), state.droplets.count { $0.tags.contains(tagId) })
        }
        guard known else { return .error(Self.notFound("tag \(tagId)"), status: 404) }
        return .answer(
            WithHeaders(TagsGetResponse(tag: Self.tag(tagId, droplets: count)), headers: TagsGetResponseHeaders())
        )
    }

    func tagsList(
        perPage: Int,
        page: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<TagsListResponse, TagsListResponseHeaders>, ErrorModel> {
        let tags = state.withLock { $0.tags }
        let (items, links) = Self.page(tags, page: page, perPage: perPage, path: "/v2/tags")
        return .answer(
            WithHeaders(
                TagsListResponse(
                    links: links,
                    meta: MetaMeta(total: tags.count),
                    tags: items.map { Self.tag($0, droplets: 0) }
                ),
                headers: TagsListResponseHeaders()
            )
        )
    }

    func tagsDelete(
        tagId: String,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<Void, TagsDeleteResponseHeaders>, ErrorModel> {
        let removed = state.withLock { state in
            let before = state.tags.count
            state.tags.removeAll { $0 == tagId }
            return before != state.tags.count
        }
        guard removed else { return .error(Self.notFound("tag \(tagId)"), status: 404) }
        return .answer(WithHeaders((), headers: TagsDeleteResponseHeaders()))
    }

    // MARK: Domains and their records

    func domainsCreate(
        body: Domain?,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsCreateResponse, DomainsCreateResponseHeaders>, ErrorModel> {
        // A domain's name is a host name: not blank, and never a path's segments.
        guard let name = body?.name, !name.isEmpty, !name.contains("/") else {
            return .error(ErrorModel(id: "unprocessable_entity", message: "Name is invalid"), status: 422)
        }
        let domain = Domain(name: name, ttl: 1800, zoneFile: "$ORIGIN \(name).\n")
        state.withLock { state in
            state.domains.append(domain)
            var records = [DomainRecord(id: 1, type: "NS", name: "@", data: "ns1.digitalocean.com", ttl: 1800)]
            if let address = body?.ipAddress {
                records.append(DomainRecord(id: 2, type: "A", name: "@", data: address, ttl: 1800))
            }
            state.records[name] = records
        }
        return .answer(WithHeaders(DomainsCreateResponse(domain: domain), headers: DomainsCreateResponseHeaders()))
    }

    func domainsGet(
        domainName: String,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsGetResponse, DomainsGetResponseHeaders>, ErrorModel> {
        guard let domain = state.withLock({ $0.domains.first { $0.name == domainName } }) else {
            return .error(Self.notFound("domain \(domainName)"), status: 404)
        }
        return .answer(WithHeaders(DomainsGetResponse(domain: domain), headers: DomainsGetResponseHeaders()))
    }

    func domainsList(
        perPage: Int,
        page: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsListResponse, DomainsListResponseHeaders>, ErrorModel> {
        let domains = state.withLock { $0.domains }
        let (items, links) = Self.page(domains, page: page, perPage: perPage, path: "/v2/domains")
        return .answer(
            WithHeaders(
                DomainsListResponse(links: links, meta: MetaMeta(total: domains.count), domains: items),
                headers: DomainsListResponseHeaders()
            )
        )
    }

    func domainsDelete(
        domainName: String,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<Void, DomainsDeleteResponseHeaders>, ErrorModel> {
        let removed = state.withLock { state in
            let before = state.domains.count
            state.domains.removeAll { $0.name == domainName }
            state.records[domainName] = nil
            return before != state.domains.count
        }
        guard removed else { return .error(Self.notFound("domain \(domainName)"), status: 404) }
        return .answer(WithHeaders((), headers: DomainsDeleteResponseHeaders()))
    }

    /// A record as the API stores one, from the alternative the request's body was read as: every alternative
    /// has the same fields, and its own `type`.
    static func record(_ body: DomainsCreateRecordRequest, id: Int) -> DomainRecord? {
        guard let json = try? JSONEncoder().encode(body),
            var record = try? JSONDecoder().decode(DomainRecord.self, from: json)
        else { return nil }
        record.id = id
        return record
    }

    func domainsCreateRecord(
        domainName: String,
        body: DomainsCreateRecordRequest?,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsCreateRecordResponse, DomainsCreateRecordResponseHeaders>, ErrorModel> {
        guard let body else {
            return .error(ErrorModel(id: "unprocessable_entity", message: "A record is needed."), status: 422)
        }
        let made: DomainRecord? = state.withLock { state in
            guard var records = state.records[domainName] else { return nil }
            state.nextID += 1
            guard let record = Self.record(body, id: state.nextID) else { return nil }
            records.append(record)
            state.records[domainName] = records
            return record
        }
        guard let made else { return .error(Self.notFound("domain \(domainName)"), status: 404) }
        return .answer(
            WithHeaders(DomainsCreateRecordResponse(domainRecord: made), headers: DomainsCreateRecordResponseHeaders())
        )
    }

    func domainsGetRecord(
        domainName: String,
        domainRecordId: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsGetRecordResponse, DomainsGetRecordResponseHeaders>, ErrorModel> {
        guard let record = state.withLock({ $0.records[domainName]?.first { $0.id == domainRecordId } }) else {
            return .error(Self.notFound("record \(domainRecordId)"), status: 404)
        }
        return .answer(
            WithHeaders(DomainsGetRecordResponse(domainRecord: record), headers: DomainsGetRecordResponseHeaders())
        )
    }

    func domainsListRecords(
        domainName: String,
        name: String?,
        type: DomainsListRecordsType?,
        perPage: Int,
        page: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsListRecordsResponse, DomainsListRecordsResponseHeaders>, ErrorModel> {
        guard let all = state.withLock({ $0.records[domainName] }) else {
            return .error(Self.notFound("domain \(domainName)"), status: 404)
        }
        let records = all.filter { record in
            (type == nil || record.type == type?.rawValue) && (name == nil || record.name == name)
        }
        let (items, links) = Self.page(records, page: page, perPage: perPage, path: "/v2/domains/\(domainName)/records")
        return .answer(
            WithHeaders(
                DomainsListRecordsResponse(links: links, meta: MetaMeta(total: records.count), domainRecords: items),
                headers: DomainsListRecordsResponseHeaders()
            )
        )
    }

    func domainsPatchRecord(
        domainName: String,
        domainRecordId: Int,
        body: DomainRecord?,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<DomainsGetRecordResponse, DomainsPatchRecordResponseHeaders>, ErrorModel> {
        let patched: DomainRecord? = state.withLock { state in
            guard var records = state.records[domainName],
                let index = records.firstIndex(where: { $0.id == domainRecordId })
            else { return nil }
            // Only what the request sets changes.
            if let body {
                if let name = body.name { records[index].name = name }
                if let data = body.data { records[index].data = data }
                if let ttl = body.ttl { records[index].ttl = ttl }
                if let priority = body.priority { records[index].priority = priority }
            }
            state.records[domainName] = records
            return records[index]
        }
        guard let patched else { return .error(Self.notFound("record \(domainRecordId)"), status: 404) }
        return .answer(
            WithHeaders(DomainsGetRecordResponse(domainRecord: patched), headers: DomainsPatchRecordResponseHeaders())
        )
    }

    func domainsDeleteRecord(
        domainName: String,
        domainRecordId: Int,
        caller: Caller<Scope.BearerAuth, String>
    ) async throws -> Reply<WithHeaders<Void, DomainsDeleteRecordResponseHeaders>, ErrorModel> {
        let removed = state.withLock { state in
            guard let records = state.records[domainName] else { return false }
            state.records[domainName] = records.filter { $0.id != domainRecordId }
            return records.count != state.records[domainName]?.count
        }
        guard removed else { return .error(Self.notFound("record \(domainRecordId)"), status: 404) }
        return .answer(WithHeaders((), headers: DomainsDeleteRecordResponseHeaders()))
    }
}
