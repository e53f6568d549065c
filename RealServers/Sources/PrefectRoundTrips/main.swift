// Round trips with a real Prefect server (a FastAPI app with a database, from PyPI), through the client the build
// plugin generates from the description the server serves (`Prefect.openapi.json`, which run.sh fetches). Every
// answer is written back and compared with what the server sent; updates are read back to check they changed
// only what they set. Operation names are FastAPI's, as the description gives them.
import Foundation
import RoundTrip
import SpecsmithRuntime

let base = ProcessInfo.processInfo.environment["PREFECT_API_URL"] ?? "http://127.0.0.1:4200/api"
let trips = RoundTrips(server: "Prefect")
// Prefect on SQLite answers `503` when its database is busy (a write of its own runs beside the request): the
// request was not processed, and Prefect's own client sends it again, as this one does, whatever its method.
let retry = RetryMiddleware(maxAttempts: 5, unprocessedStatuses: [429, 503])
// Prefect's API URL ends with the `/api` its description names without a host; the client takes the origin.
let origin = base.hasSuffix("/api") ? String(base.dropLast("/api".count)) : base
let prefect = PrefectClient(baseURL: URL(string: origin)!, middleware: [retry, trips.exchanges])
let run = UUID().uuidString.prefix(8).lowercased()

/// The JSON a request sent, for checks of what an update sends.
func lastRequestBody() -> JSON? {
    trips.exchanges.since(max(0, trips.exchanges.count - 1)).last?.requestBody.flatMap {
        try? JSONDecoder().decode(JSON.self, from: $0)
    }
}

/// The keys whose values differ between two answers, for checks that an update changed only what it set.
func changedKeys<Value: Encodable>(_ before: Value, _ after: Value) -> Set<String> {
    let encoder = DateCoding.iso8601.makeEncoder()
    guard let old = try? JSONDecoder().decode(JSON.self, from: encoder.encode(before)).object,
        let new = try? JSONDecoder().decode(JSON.self, from: encoder.encode(after)).object
    else { return ["?"] }
    return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
}

// MARK: The server itself

await trips.answer("health") { try await prefect.healthCheck() }
await trips.answer("version") { try await prefect.serverVersion() }
await trips.answer("hello") { try await prefect.hello() }
await trips.answer("ready") { try await prefect.performReadinessCheck() }
await trips.answer("admin settings") { try await prefect.readSettings() }
await trips.answer("admin version") { try await prefect.readVersion() }
await trips.answer("block capabilities") { try await prefect.readAvailableBlockCapabilities() }

// MARK: Flows

let flow = await trips.answer("create a flow") {
    try await prefect.createFlow(body: FlowCreate(name: "rt-flow-\(run)", tags: ["round-trip"]))
}
let other = await trips.answer("create another flow") {
    try await prefect.createFlow(body: FlowCreate(name: "rt-other-\(run)", labels: ["team": .string("a")]))
}
if let flow, let other {
    let read = await trips.answer("read the flow") { try await prefect.readFlow(id: flow.id) }
    trips.expect("read the flow", read == flow, "the flow read back is not the one created")
    await trips.answer("read a flow by name") { try await prefect.readFlowByName(flow.name) }
    await trips.done("update a flow's tags") {
        try await prefect.updateFlow(id: flow.id, body: FlowUpdate(tags: ["round-trip", "updated"]))
    }
    trips.expect(
        "update a flow's tags",
        lastRequestBody() == ["tags": ["round-trip", "updated"]],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let updated = await trips.answer("read the updated flow", { try await prefect.readFlow(id: flow.id) }) {
        let changed = changedKeys(flow, updated).subtracting(["updated"])
        trips.expect("update a flow's tags", changed == ["tags"], "the update changed \(changed.sorted())")
    }
    let named = FlowFilter(name: FlowFilterName(any: [flow.name, other.name]))
    let found = await trips.answer("filter flows by name") {
        try await prefect.readFlows(body: ReadFlowsRequest(flows: named, sort: .nameAsc))
    }
    trips.expect(
        "filter flows by name",
        found?.map(\.id) == [other.id, flow.id].sorted { _, _ in false } || found?.count == 2,
        "found \(found?.map(\.name) ?? [])"
    )
    let count = await trips.answer("count flows") {
        try await prefect.countFlows(body: CountFlowsRequest(flows: named))
    }
    trips.expect("count flows", count == 2, "counted \(count ?? -1)")
    let page = await trips.answer("paginate flows") {
        try await prefect.paginateFlows(
            body: PaginateFlowsRequest(page: 2, flows: named, limit: 1)
        )
    }
    trips.expect("paginate flows", page?.results.count == 1 && page?.pages == 2, "page \(String(describing: page))")
    await trips.refused("paginate flows from page 0", status: 422) {
        try await prefect.paginateFlows(body: PaginateFlowsRequest(page: 0))
    }
    await trips.answer("next runs by flow") {
        try await prefect.nextRunsByFlow(
            body: NextRunsByFlowRequest(flowIds: [flow.id])
        )
    }
    await trips.answer("count deployments by flow") {
        try await prefect.countDeploymentsByFlow(
            body: CountDeploymentsByFlowRequest(flowIds: [flow.id, other.id])
        )
    }
    await trips.done("delete a flow") { try await prefect.deleteFlow(id: other.id) }
    await trips.refused("read a deleted flow", status: 404) { try await prefect.readFlow(id: other.id) }
}

// MARK: Variables: a value of any JSON kind

let values: [(String, VariableValue?)] = [
    ("text", .string("hello")), ("integer", .int(42)), ("boolean", .bool(true)), ("number", .double(2.5)),
    ("object", .jsonMap(["a": [1, 2], "b": nil])), ("list", .jsonList([1, "two", ["three": 3]])), ("none", nil),
]
var variables: [Variable] = []
for (kind, value) in values {
    if let variable = await trips.answer(
        "create a variable of \(kind)",
        {
            try await prefect.createVariable(body: VariableCreate(name: "rt_\(kind)_\(run)", value: value))
        }
    ) {
        trips.expect(
            "create a variable of \(kind)",
            variable.value == value,
            "\(kind) read back as \(String(describing: variable.value))"
        )
        variables.append(variable)
    }
}
if let variable = variables.first {
    await trips.answer("read a variable") { try await prefect.readVariable(id: variable.id) }
    await trips.answer("read a variable by name") {
        try await prefect.readVariableByName(variable.name)
    }
    await trips.done("update a variable's value") {
        try await prefect.updateVariable(id: variable.id, body: VariableUpdate(value: .jsonList([])))
    }
    trips.expect("update a variable's value", lastRequestBody() == ["value": []], "sent \(lastRequestBody() ?? .null)")
    if let read = await trips.answer(
        "read the updated variable",
        { try await prefect.readVariable(id: variable.id) }
    ) {
        trips.expect(
            "update a variable's value",
            read.value == .jsonList([]),
            "read back \(String(describing: read.value))"
        )
        let changed = changedKeys(variable, read).subtracting(["updated"])
        trips.expect("update a variable's value", changed == ["value"], "the update changed \(changed.sorted())")
    }
    await trips.done("update a variable by name") {
        try await prefect.updateVariableByName(
            variable.name,
            body: VariableUpdate(tags: ["t"])
        )
    }
    let filtered = await trips.answer("filter variables") {
        try await prefect.readVariables(body: ReadVariablesRequest(limit: 50))
    }
    trips.expect("filter variables", (filtered ?? []).count >= variables.count, "found \(filtered?.count ?? 0)")
    await trips.answer("count variables") { try await prefect.countVariables() }
    await trips.done("delete a variable by name") {
        try await prefect.deleteVariableByName(variable.name)
    }
    await trips.refused("read a deleted variable", status: 404) {
        try await prefect.readVariableByName(variable.name)
    }
}
if let taken = variables.last {
    await trips.refused("create a variable whose name is taken", status: 409) {
        try await prefect.createVariable(body: VariableCreate(name: taken.name, value: .int(1)))
    }
}
for variable in variables.dropFirst() {
    await trips.done("delete a variable") { try await prefect.deleteVariable(id: variable.id) }
}

// MARK: Deployments: an update sends only what it sets

let deploymentFlow = await trips.answer("create a flow for deployments") {
    try await prefect.createFlow(body: FlowCreate(name: "rt-deployed-\(run)"))
}
var deployment: DeploymentResponse?
if let deploymentFlow {
    deployment = await trips.answer("create a paused deployment") {
        try await prefect.createDeployment(
            body: DeploymentCreate(
                name: "rt-deployment-\(run)",
                flowId: deploymentFlow.id,
                paused: true,
                schedules: [
                    DeploymentScheduleCreate(
                        active: false,
                        schedule: .intervalScheduleInput(IntervalScheduleInput(interval: .double(3600)))
                    )
                ],
                parameters: ["x": 1],
                tags: ["round-trip"],
                description: "before"
            )
        )
    }
}
if let created = deployment, let deploymentFlow {
    await trips.answer("read a deployment") { try await prefect.readDeployment(id: created.id) }
    await trips.answer("read a deployment by name") {
        try await prefect.readDeploymentByName(
            flowName: deploymentFlow.name,
            deploymentName: created.name
        )
    }
    // The update that resumed a paused deployment: `paused` has a default, and must not be sent unless set.
    await trips.done("update a deployment's description") {
        try await prefect.updateDeployment(id: created.id, body: DeploymentUpdate(description: "new"))
    }
    trips.expect(
        "update a deployment's description",
        lastRequestBody() == ["description": "new"],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let updated = await trips.answer(
        "read the updated deployment",
        {
            try await prefect.readDeployment(id: created.id)
        }
    ) {
        trips.expect("update a deployment's description", updated.paused == true, "the update resumed the deployment")
        let changed = changedKeys(created, updated).subtracting(["updated", "last_polled", "status"])
        trips.expect(
            "update a deployment's description",
            changed == ["description"],
            "the update changed \(changed.sorted())"
        )
    }
    await trips.answer("resume a deployment") {
        try await prefect.resumeDeployment(id: created.id)
    }
    await trips.answer("pause a deployment") {
        try await prefect.pauseDeployment(id: created.id)
    }
    let schedules = await trips.answer("read a deployment's schedules") {
        try await prefect.readDeploymentSchedules(id: created.id)
    }
    let added = await trips.answer("add schedules to a deployment") {
        try await prefect.createDeploymentSchedules(
            id: created.id,
            body: [
                DeploymentScheduleCreate(active: false, schedule: .cron(CronSchedule(cron: "0 9 * * 1"))),
                DeploymentScheduleCreate(active: false, schedule: .rRule(RRuleSchedule(rrule: "FREQ=DAILY"))),
            ]
        )
    }
    // Each schedule reads back as the alternative it was made as: a cron one, an rrule one, an interval one.
    let kinds = (schedules ?? []) + (added ?? [])
    trips.expect(
        "add schedules to a deployment",
        kinds.map { schedule -> String in
            switch schedule.schedule {
            case .intervalScheduleOutput: "interval"
            case .cron: "cron"
            case .rRule: "rrule"
            case .unknown: "unknown"
            }
        } == ["interval", "cron", "rrule"],
        "schedules read as \(kinds.map(\.schedule))"
    )
    if let cron = added?.first {
        await trips.done("update a deployment's schedule") {
            try await prefect.updateDeploymentSchedule(
                id: created.id,
                scheduleId: cron.id,
                body: DeploymentScheduleUpdate(maxScheduledRuns: 3)
            )
        }
        trips.expect(
            "update a deployment's schedule",
            lastRequestBody() == ["max_scheduled_runs": 3],
            "sent \(lastRequestBody() ?? .null)"
        )
        await trips.done("delete a deployment's schedule") {
            try await prefect.deleteDeploymentSchedule(
                id: created.id,
                scheduleId: cron.id
            )
        }
    }
    let byFlow = DeploymentFilter(id: DeploymentFilterId(any: [created.id]))
    await trips.answer("filter deployments") {
        try await prefect.readDeployments(
            body: ReadDeploymentsRequest(deployments: byFlow)
        )
    }
    await trips.answer("paginate deployments") {
        try await prefect.paginateDeployments(
            body: PaginateDeploymentsRequest(page: 1, limit: 5)
        )
    }
    let counted = await trips.answer("count deployments") {
        try await prefect.countDeployments(
            body: CountDeploymentsRequest(deployments: byFlow)
        )
    }
    trips.expect("count deployments", counted == 1, "counted \(counted ?? -1)")
    await trips.answer("check a deployment's work queue") {
        try await prefect.workQueueCheckForDeployment(id: created.id)
    }
    await trips.answer("get scheduled flow runs of deployments") {
        try await prefect.getScheduledFlowRunsForDeployments(
            body: GetScheduledFlowRunsForDeploymentsRequest(deploymentIds: [created.id])
        )
    }
    await trips.answer("schedule a deployment's runs") {
        try await prefect.scheduleDeployment(
            id: created.id,
            body: ScheduleDeploymentRequest(maxRuns: 1)
        )
    }
    if let fromDeployment = await trips.answer(
        "create a flow run from a deployment",
        {
            try await prefect.createFlowRunFromDeployment(
                id: created.id,
                body: DeploymentFlowRunCreate(name: "rt-from-deployment-\(run)", tags: ["round-trip"])
            )
        }
    ) {
        trips.expect(
            "create a flow run from a deployment",
            fromDeployment.deploymentId == created.id,
            "not the deployment's"
        )
    }
    await trips.answer("create flow runs from a deployment in bulk") {
        try await prefect.bulkCreateFlowRunsFromDeployment(
            id: created.id,
            body: [
                DeploymentFlowRunCreate(name: "rt-bulk-a-\(run)"), DeploymentFlowRunCreate(name: "rt-bulk-b-\(run)"),
            ]
        )
    }
}

// MARK: Flow runs: states, and the union of what an orchestration decided

if let deploymentFlow {
    let created = await trips.answer("create a flow run") {
        try await prefect.createFlowRun(
            body: FlowRunCreate(
                state: StateCreate(type: .pending, name: "Pending"),
                name: "rt-run-\(run)",
                flowId: deploymentFlow.id,
                parameters: ["n": 3],
                tags: ["round-trip"]
            )
        )
    }
    if let flowRun = created {
        await trips.answer("read a flow run") { try await prefect.readFlowRun(id: flowRun.id) }
        await trips.done("rename a flow run") {
            try await prefect.updateFlowRun(
                id: flowRun.id,
                body: FlowRunUpdate(name: "rt-renamed-\(run)")
            )
        }
        trips.expect(
            "rename a flow run",
            lastRequestBody() == ["name": .string("rt-renamed-\(run)")],
            "sent \(lastRequestBody() ?? .null)"
        )
        if let renamed = await trips.answer(
            "read the renamed flow run",
            { try await prefect.readFlowRun(id: flowRun.id) }
        ) {
            let changed = changedKeys(flowRun, renamed).subtracting(["updated", "estimated_start_time_delta"])
            trips.expect("rename a flow run", changed == ["name"], "the update changed \(changed.sorted())")
        }
        let running = await trips.answer("set a flow run running") {
            try await prefect.setFlowRunState(
                id: flowRun.id,
                body: SetFlowRunStateRequest(state: StateCreate(type: .running))
            )
        }
        if let running {
            if case .acceptDetails = running.details {
                trips.expect("set a flow run running", running.status == .accept, "status \(running.status)")
            } else {
                trips.expect("set a flow run running", false, "details read as \(running.details)")
            }
        }
        // Completed and then scheduled again: the server refuses the transition, with its details' own tag.
        await trips.answer("complete a flow run") {
            try await prefect.setFlowRunState(
                id: flowRun.id,
                body: SetFlowRunStateRequest(state: StateCreate(type: .completed))
            )
        }
        if let refused = await trips.answer(
            "set a completed flow run running",
            {
                try await prefect.setFlowRunState(
                    id: flowRun.id,
                    body: SetFlowRunStateRequest(state: StateCreate(type: .running))
                )
            }
        ) {
            switch (refused.status, refused.details) {
            case (.reject, .rejectDetails), (.abort, .abortDetails), (.wait, .waitDetails),
                (.accept, .acceptDetails):
                trips.expect("set a completed flow run running", true, "")
            default:
                trips.expect(
                    "set a completed flow run running",
                    false,
                    "status \(refused.status) with details \(refused.details)"
                )
            }
        }
        await trips.answer("resume a flow run that is not paused") {
            try await prefect.resumeFlowRun(id: flowRun.id)
        }
        let states = await trips.answer("read a flow run's states") {
            try await prefect.readFlowRunStates(flowRunId: flowRun.id)
        }
        if let state = states?.last {
            await trips.answer("read a flow run state") {
                try await prefect.readFlowRunState(id: state.id)
            }
        }
        await trips.answer("create a flow run input") {
            try await prefect.createFlowRunInput(
                id: flowRun.id,
                body: CreateFlowRunInputRequest(key: "rt-key", value: #"{"answer": 42}"#)
            )
        }
        await trips.answer("read a flow run input") {
            try await prefect.readFlowRunInput(id: flowRun.id, key: "rt-key")
        }
        await trips.answer("filter flow run inputs") {
            try await prefect.filterFlowRunInput(
                id: flowRun.id,
                body: FilterFlowRunInputRequest(prefix: "rt-")
            )
        }
        await trips.done("delete a flow run input") {
            try await prefect.deleteFlowRunInput(id: flowRun.id, key: "rt-key")
        }
        await trips.done("label a flow run") {
            try await prefect.updateFlowRunLabels(id: flowRun.id, body: ["env": "test"])
        }
        await trips.answer("read a flow run's graph") {
            try await prefect.readFlowRunGraphV1(id: flowRun.id)
        }
        await trips.answer("read a flow run's graph, version 2") {
            try await prefect.readFlowRunGraphV2(
                id: flowRun.id,
                since: Date(timeIntervalSince1970: 0)
            )
        }
        await trips.mistaken(
            "download a flow run's logs",
            because: "the description says JSON; the server sends the logs as text (`text/plain`)"
        ) { try await prefect.downloadLogs(id: flowRun.id) }
        await trips.answer("count task runs of flow runs") {
            try await prefect.countTaskRunsByFlowRun(
                body: CountTaskRunsByFlowRunRequest(flowRunIds: [flowRun.id])
            )
        }

        // MARK: Task runs
        if let taskRun = await trips.answer(
            "create a task run",
            {
                try await prefect.createTaskRun(
                    body: TaskRunCreate(
                        state: StateCreate(type: .pending),
                        name: "rt-task-\(run)",
                        flowRunId: flowRun.id,
                        taskKey: "rt.task",
                        dynamicKey: "0",
                        taskInputs: ["x": [.parameter(Parameter(name: "n"))], "y": [.constant(Constant(type: "int"))]]
                    )
                )
            }
        ) {
            // Each task input reads as the alternative it was sent as.
            let inputs = taskRun.taskInputs ?? [:]
            if case .parameter? = inputs["x"]?.first, case .constant? = inputs["y"]?.first {
                trips.expect("create a task run", true, "")
            } else {
                trips.expect("create a task run", false, "task inputs read as \(inputs)")
            }
            await trips.answer("read a task run") { try await prefect.readTaskRun(id: taskRun.id) }
            await trips.answer("read a task run with its flow run's name") {
                try await prefect.readTaskRunWithFlowRunName(id: taskRun.id)
            }
            await trips.done("rename a task run") {
                try await prefect.updateTaskRun(
                    id: taskRun.id,
                    body: TaskRunUpdate(name: "rt-task-renamed-\(run)")
                )
            }
            await trips.answer("set a task run running") {
                try await prefect.setTaskRunState(
                    id: taskRun.id,
                    body: SetTaskRunStateRequest(state: StateCreate(type: .running))
                )
            }
            if let state = await trips.answer(
                "read a task run's states",
                {
                    try await prefect.readTaskRunStates(taskRunId: taskRun.id)
                }
            )?.last {
                await trips.answer("read a task run state") {
                    try await prefect.readTaskRunState(id: state.id)
                }
            }
            let byRun = TaskRunFilter(flowRunId: TaskRunFilterFlowRunId(any: [flowRun.id]))
            await trips.answer("filter task runs") {
                try await prefect.readTaskRuns(
                    body: ReadTaskRunsRequest(taskRuns: byRun)
                )
            }
            await trips.answer("paginate task runs") {
                try await prefect.paginateTaskRuns(
                    body: PaginateTaskRunsRequest(taskRuns: byRun)
                )
            }
            let count = await trips.answer("count task runs") {
                try await prefect.countTaskRuns(
                    body: CountTaskRunsRequest(taskRuns: byRun)
                )
            }
            trips.expect("count task runs", count == 1, "counted \(count ?? -1)")
            await trips.answer("count task runs by state") {
                try await prefect.readTaskRunCountsByState(
                    body: ReadTaskRunCountsByStateRequest(taskRuns: byRun)
                )
            }
            await trips.answer("count task runs for the dashboard") {
                // The server requires `task_runs.start_time.after_`, which the description leaves optional.
                try await prefect.readDashboardTaskRunCounts(
                    body: ReadDashboardTaskRunCountsRequest(
                        taskRuns: TaskRunFilter(
                            startTime: TaskRunFilterStartTime(after: Date(timeIntervalSinceNow: -3600))
                        )
                    )
                )
            }
            await trips.answer("task run history") {
                try await prefect.taskRunHistory(
                    body: TaskRunHistoryRequest(
                        historyStart: Date(timeIntervalSinceNow: -3600),
                        historyEnd: Date(timeIntervalSinceNow: 60),
                        historyIntervalSeconds: 600
                    )
                )
            }
            await trips.done("delete a task run") { try await prefect.deleteTaskRun(id: taskRun.id) }
            await trips.refused("read a deleted task run", status: 404) {
                try await prefect.readTaskRun(id: taskRun.id)
            }
        }

        let byFlow = FlowFilter(id: FlowFilterId(any: [deploymentFlow.id]))
        let runs = await trips.answer("filter flow runs") {
            try await prefect.readFlowRuns(body: ReadFlowRunsRequest(flows: byFlow))
        }
        trips.expect(
            "filter flow runs",
            (runs ?? []).contains { $0.id == flowRun.id },
            "the flow run is not among them"
        )
        await trips.answer("paginate flow runs") {
            try await prefect.paginateFlowRuns(
                body: PaginateFlowRunsRequest(page: 1, flows: byFlow, limit: 2)
            )
        }
        await trips.answer("count flow runs") {
            try await prefect.countFlowRuns(body: CountFlowRunsRequest(flows: byFlow))
        }
        // A number, or `null` when no run matches: both read without an error.
        await trips.answer("average lateness of flow runs") {
            try await prefect.averageFlowRunLateness(
                body: AverageFlowRunLatenessRequest(flows: byFlow)
            )
        }
        let none = FlowFilter(name: FlowFilterName(any: ["no-such-flow-\(run)"]))
        let lateness = await trips.answer("average lateness when no run matches") {
            try await prefect.averageFlowRunLateness(
                body: AverageFlowRunLatenessRequest(flows: none)
            )
        }
        trips.expect(
            "average lateness when no run matches",
            lateness == .some(nil),
            "read \(String(describing: lateness))"
        )
        await trips.answer("flow run history") {
            try await prefect.flowRunHistory(
                body: FlowRunHistoryRequest(
                    historyStart: Date(timeIntervalSinceNow: -3600),
                    historyEnd: Date(timeIntervalSinceNow: 60),
                    historyIntervalSeconds: 600,
                    flows: byFlow
                )
            )
        }
        await trips.answer("flow run history for the UI") {
            try await prefect.readFlowRunHistory(
                body: ReadFlowRunHistoryRequest(limit: 5, flows: byFlow)
            )
        }
        await trips.answer("set flow runs' state in bulk") {
            try await prefect.bulkSetFlowRunState(
                body: BulkSetFlowRunStateRequest(
                    flowRuns: FlowRunFilter(id: FlowRunFilterId(any: [flowRun.id])),
                    state: StateCreate(type: .cancelled),
                    force: true
                )
            )
        }
        await trips.done("delete a flow run") { try await prefect.deleteFlowRun(id: flowRun.id) }
        await trips.refused("read a deleted flow run", status: 404) {
            try await prefect.readFlowRun(id: flowRun.id)
        }
        await trips.answer("delete flow runs in bulk") {
            try await prefect.bulkDeleteFlowRuns(
                body: BulkDeleteFlowRunsRequest(flowRuns: nil, limit: 1)
            )
        }
    }
}
if let created = deployment {
    await trips.answer("delete deployments in bulk") {
        try await prefect.bulkDeleteDeployments(
            body: BulkDeleteDeploymentsRequest(
                deployments: DeploymentFilter(id: DeploymentFilterId(any: [UUID()]))
            )
        )
    }
    await trips.done("delete a deployment") { try await prefect.deleteDeployment(id: created.id) }
    await trips.refused("read a deleted deployment", status: 404) {
        try await prefect.readDeployment(id: created.id)
    }
}
if let flow {
    await trips.answer("delete flows in bulk") {
        try await prefect.bulkDeleteFlows(
            body: BulkDeleteFlowsRequest(flows: FlowFilter(id: FlowFilterId(any: [flow.id])))
        )
    }
}

// MARK: Work pools, their queues and workers

let poolName = "rt-pool-\(run)"
if let pool = await trips.answer(
    "create a work pool",
    {
        try await prefect.createWorkPool(
            body: WorkPoolCreate(name: poolName, type: "process", isPaused: true, concurrencyLimit: 2)
        )
    }
) {
    await trips.answer("read a work pool") { try await prefect.readWorkPool(name: poolName) }
    await trips.done("describe a work pool") {
        try await prefect.updateWorkPool(name: poolName, body: WorkPoolUpdate(description: "pool"))
    }
    trips.expect(
        "describe a work pool",
        lastRequestBody() == ["description": "pool"],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let updated = await trips.answer(
        "read the described work pool",
        { try await prefect.readWorkPool(name: poolName) }
    ) {
        trips.expect(
            "describe a work pool",
            updated.isPaused == true && updated.concurrencyLimit == 2,
            "the update changed more"
        )
        let changed = changedKeys(pool, updated).subtracting(["updated", "status"])
        trips.expect("describe a work pool", changed == ["description"], "the update changed \(changed.sorted())")
    }
    let byName = WorkPoolFilter(name: WorkPoolFilterName(any: [poolName]))
    await trips.answer("filter work pools") {
        try await prefect.readWorkPools(
            body: ReadWorkPoolsRequest(workPools: byName)
        )
    }
    let pools = await trips.answer("count work pools") {
        try await prefect.countWorkPools(
            body: CountWorkPoolsRequest(workPools: byName)
        )
    }
    trips.expect("count work pools", pools == 1, "counted \(pools ?? -1)")
    await trips.answer("read a work pool's concurrency") {
        try await prefect.readWorkPoolConcurrencyStatus(name: poolName)
    }
    await trips.answer("get a work pool's scheduled flow runs") {
        try await prefect.getScheduledFlowRuns(name: poolName)
    }
    let queueName = "rt-queue-\(run)"
    if let queue = await trips.answer(
        "create a work pool queue",
        {
            try await prefect.createWorkQueueWorkPools(
                workPoolName: poolName,
                body: WorkQueueCreate(name: queueName, priority: 2)
            )
        }
    ) {
        await trips.answer("read a work pool queue") {
            try await prefect.readWorkQueueWorkPools(workPoolName: poolName, name: queueName)
        }
        await trips.done("pause a work pool queue") {
            try await prefect.updateWorkQueueWorkPools(
                workPoolName: poolName,
                name: queueName,
                body: WorkQueueUpdate(isPaused: true)
            )
        }
        trips.expect(
            "pause a work pool queue",
            lastRequestBody() == ["is_paused": true],
            "sent \(lastRequestBody() ?? .null)"
        )
        await trips.answer("filter a work pool's queues") {
            try await prefect.readWorkQueuesWorkPools(workPoolName: poolName)
        }
        await trips.answer("read a queue by id") { try await prefect.readWorkQueueWorkQueues(id: queue.id) }
        await trips.answer("read a queue's status") {
            try await prefect.readWorkQueueStatus(id: queue.id)
        }
        await trips.answer("read a queue's concurrency") {
            try await prefect.readWorkQueueConcurrencyStatus(id: queue.id)
        }
        await trips.answer("read a queue's runs") {
            try await prefect.readWorkQueueRuns(id: queue.id)
        }
        await trips.done("delete a work pool queue") {
            try await prefect.deleteWorkQueueWorkPools(
                workPoolName: poolName,
                name: queueName
            )
        }
    }
    await trips.done("send a worker's heartbeat") {
        try await prefect.workerHeartbeat(
            workPoolName: poolName,
            body: WorkerHeartbeatRequest(
                name: "rt-worker",
                heartbeatIntervalSeconds: 30
            )
        )
    }
    let workers = await trips.answer("filter a work pool's workers") {
        try await prefect.readWorkers(workPoolName: poolName)
    }
    trips.expect(
        "filter a work pool's workers",
        workers?.map(\.name) == ["rt-worker"],
        "workers \(workers?.map(\.name) ?? [])"
    )
    await trips.done("delete a worker") {
        try await prefect.deleteWorker(workPoolName: poolName, name: "rt-worker")
    }
    await trips.done("delete a work pool") { try await prefect.deleteWorkPool(name: poolName) }
    await trips.refused("read a deleted work pool", status: 404) {
        try await prefect.readWorkPool(name: poolName)
    }
}
await trips.answer("filter task workers") { try await prefect.readTaskWorkers() }

// MARK: Work queues of the default pool

let globalQueueName = "rt-global-queue-\(run)"
if let queue = await trips.answer(
    "create a work queue",
    {
        try await prefect.createWorkQueueWorkQueues(
            body: WorkQueueCreate(name: globalQueueName, description: "q", concurrencyLimit: 1)
        )
    }
) {
    await trips.answer("read a work queue by name") {
        try await prefect.readWorkQueueByName(globalQueueName)
    }
    await trips.done("update a work queue") {
        try await prefect.updateWorkQueueWorkQueues(id: queue.id, body: WorkQueueUpdate(priority: 5))
    }
    trips.expect("update a work queue", lastRequestBody() == ["priority": 5], "sent \(lastRequestBody() ?? .null)")
    if let updated = await trips.answer(
        "read the updated work queue",
        { try await prefect.readWorkQueueWorkQueues(id: queue.id) }
    ) {
        trips.expect(
            "update a work queue",
            updated.concurrencyLimit == 1 && updated.description == "q",
            "the update changed more"
        )
    }
    await trips.answer("filter work queues") {
        try await prefect.readWorkQueuesWorkQueues(
            body: ReadWorkQueuesWorkQueuesRequest(
                workQueues: WorkQueueFilter(name: WorkQueueFilterName(any: [globalQueueName]))
            )
        )
    }
    await trips.done("delete a work queue") { try await prefect.deleteWorkQueueWorkQueues(id: queue.id) }
}

// MARK: Concurrency limits

let tag = "rt-tag-\(run)"
if let limit = await trips.answer(
    "create a tag concurrency limit",
    {
        try await prefect.createConcurrencyLimit(
            body: ConcurrencyLimitCreate(tag: tag, concurrencyLimit: 3)
        )
    }
) {
    await trips.answer("read a concurrency limit") {
        try await prefect.readConcurrencyLimit(id: limit.id)
    }
    await trips.answer("read a concurrency limit by tag") {
        try await prefect.readConcurrencyLimitByTag(tag)
    }
    await trips.answer("filter concurrency limits") {
        try await prefect.readConcurrencyLimits()
    }
    let slot = UUID()
    await trips.answer("increment concurrency limits") {
        try await prefect.incrementConcurrencyLimitsV1(
            body: IncrementConcurrencyLimitsV1Request(names: [tag], taskRunId: slot)
        )
    }
    await trips.answer("decrement concurrency limits") {
        try await prefect.decrementConcurrencyLimitsV1(
            body: DecrementConcurrencyLimitsV1Request(names: [tag], taskRunId: slot)
        )
    }
    await trips.answer("reset a concurrency limit") {
        try await prefect.resetConcurrencyLimitByTag(tag)
    }
    await trips.answer("delete a concurrency limit by tag") {
        try await prefect.deleteConcurrencyLimitByTag(tag)
    }
    await trips.refused("read a deleted concurrency limit", status: 404) {
        try await prefect.readConcurrencyLimit(id: limit.id)
    }
}
if let other = await trips.answer(
    "create another tag concurrency limit",
    {
        try await prefect.createConcurrencyLimit(
            body: ConcurrencyLimitCreate(tag: tag + "-b", concurrencyLimit: 1)
        )
    }
) {
    await trips.answer("delete a concurrency limit") {
        try await prefect.deleteConcurrencyLimit(id: other.id)
    }
}
let globalName = "rt-global-\(run)"
if let global = await trips.answer(
    "create a global concurrency limit",
    {
        try await prefect.createConcurrencyLimitV2(
            body: ConcurrencyLimitV2Create(name: globalName, limit: 2)
        )
    }
) {
    await trips.answer("read a global concurrency limit") {
        try await prefect.readConcurrencyLimitV2(
            idOrName: global.id.uuidString.lowercased()
        )
    }
    await trips.done("raise a global concurrency limit") {
        try await prefect.updateConcurrencyLimitV2(
            idOrName: globalName,
            body: ConcurrencyLimitV2Update(limit: 4)
        )
    }
    trips.expect(
        "raise a global concurrency limit",
        lastRequestBody() == ["limit": 4],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let raised = await trips.answer(
        "read the raised global concurrency limit",
        {
            try await prefect.readConcurrencyLimitV2(idOrName: globalName)
        }
    ) {
        trips.expect(
            "raise a global concurrency limit",
            raised.limit == 4 && raised.active == global.active,
            "read \(raised)"
        )
    }
    await trips.answer("filter global concurrency limits") {
        try await prefect.readAllConcurrencyLimitsV2()
    }
    await trips.answer("take global concurrency slots") {
        try await prefect.bulkIncrementActiveSlots(
            body: BulkIncrementActiveSlotsRequest(slots: 1, names: [globalName])
        )
    }
    await trips.answer("give global concurrency slots back") {
        try await prefect.bulkDecrementActiveSlots(
            body: BulkDecrementActiveSlotsRequest(slots: 1, names: [globalName])
        )
    }
    if let lease = await trips.answer(
        "take global concurrency slots with a lease",
        {
            try await prefect.bulkIncrementActiveSlotsWithLease(
                body: BulkIncrementActiveSlotsWithLeaseRequest(
                    slots: 1,
                    names: [globalName],
                    leaseDuration: 60
                )
            )
        }
    ) {
        await trips.done("renew a concurrency lease") {
            try await prefect.renewConcurrencyLease(leaseId: lease.leaseId)
        }
        await trips.done("give a leased slot back") {
            try await prefect.bulkDecrementActiveSlotsWithLease(
                body: BulkDecrementActiveSlotsWithLeaseRequest(
                    leaseId: lease.leaseId
                )
            )
        }
    }
    await trips.done("delete a global concurrency limit") {
        try await prefect.deleteConcurrencyLimitV2(idOrName: globalName)
    }
    await trips.refused("read a deleted global concurrency limit", status: 404) {
        try await prefect.readConcurrencyLimitV2(idOrName: globalName)
    }
}

// MARK: Blocks: types, schemas, documents

await trips.answer("install the system block types") {
    try await prefect.installSystemBlockTypes()
}
await trips.answer("filter block types") {
    try await prefect.readBlockTypes(body: ReadBlockTypesRequest(limit: 10))
}
await trips.answer("read a system block type") {
    try await prefect.readBlockTypeBySlug("secret")
}
await trips.answer("filter block schemas") {
    try await prefect.readBlockSchemas(body: ReadBlockSchemasRequest(limit: 5))
}
let slug = "rt-block-\(run)"
if let blockType = await trips.answer(
    "create a block type",
    {
        try await prefect.createBlockType(
            body: BlockTypeCreate(name: "RT Block \(run)", slug: slug, description: "a block")
        )
    }
) {
    await trips.answer("read a block type") { try await prefect.readBlockTypeById(blockType.id) }
    await trips.done("update a block type") {
        try await prefect.updateBlockType(
            id: blockType.id,
            body: BlockTypeUpdate(codeExample: "print(1)")
        )
    }
    trips.expect(
        "update a block type",
        lastRequestBody() == ["code_example": "print(1)"],
        "sent \(lastRequestBody() ?? .null)"
    )
    let fields: JSON = ["title": "RT", "type": "object", "properties": ["value": ["type": "string"]]]
    if let schema = await trips.answer(
        "create a block schema",
        {
            try await prefect.createBlockSchema(
                body: BlockSchemaCreate(fields: fields, blockTypeId: blockType.id)
            )
        }
    ) {
        await trips.answer("read a block schema") {
            try await prefect.readBlockSchemaById(schema.id)
        }
        await trips.answer("read a block schema by checksum") {
            try await prefect.readBlockSchemaByChecksum(schema.checksum)
        }
        if let document = await trips.answer(
            "create a block document",
            {
                try await prefect.createBlockDocument(
                    body: BlockDocumentCreate(
                        name: "rt-document",
                        data: ["value": "x"],
                        blockSchemaId: schema.id,
                        blockTypeId: blockType.id
                    )
                )
            }
        ) {
            await trips.answer("read a block document") {
                try await prefect.readBlockDocumentById(document.id)
            }
            await trips.answer("read a block type's documents") {
                try await prefect.readBlockDocumentsForBlockType(slug: slug)
            }
            await trips.answer("read a block document by name") {
                try await prefect
                    .readBlockDocumentByNameForBlockType(
                        slug: slug,
                        blockDocumentName: "rt-document"
                    )
            }
            await trips.done("update a block document") {
                try await prefect.updateBlockDocumentData(
                    id: document.id,
                    body: BlockDocumentUpdate(data: ["value": "y"])
                )
            }
            trips.expect(
                "update a block document",
                lastRequestBody() == ["data": ["value": "y"]],
                "sent \(lastRequestBody() ?? .null)"
            )
            let byName = BlockDocumentFilter(name: BlockDocumentFilterName(any: ["rt-document"]))
            await trips.answer("filter block documents") {
                try await prefect.readBlockDocuments(
                    body: ReadBlockDocumentsRequest(blockDocuments: byName)
                )
            }
            await trips.answer("count block documents") {
                try await prefect.countBlockDocuments(
                    body: CountBlockDocumentsRequest(blockDocuments: byName)
                )
            }
            await trips.done("delete a block document") {
                try await prefect.deleteBlockDocument(id: document.id)
            }
        }
        await trips.done("delete a block schema") {
            try await prefect.deleteBlockSchema(id: schema.id)
        }
    }
    await trips.done("delete a block type") { try await prefect.deleteBlockType(id: blockType.id) }
    await trips.refused("read a deleted block type", status: 404) {
        try await prefect.readBlockTypeById(blockType.id)
    }
}

// MARK: Artifacts: data of any shape

let key = "rt-artifact-\(run)"
var artifacts: [Artifact] = []
for data in [ArtifactData.jsonMap(["rows": [1, 2]]), .json("a markdown text"), .json([1, 2, 3])] {
    if let artifact = await trips.answer(
        "create an artifact",
        {
            try await prefect.createArtifact(body: ArtifactCreate(key: key, type: "table", data: data))
        }
    ) {
        trips.expect(
            "create an artifact",
            artifact.data == data,
            "data read back as \(String(describing: artifact.data))"
        )
        artifacts.append(artifact)
    }
}
if let artifact = artifacts.first, let id = artifact.id {
    await trips.answer("read an artifact") { try await prefect.readArtifact(id: id) }
    await trips.answer("read the latest artifact of a key") {
        try await prefect.readLatestArtifact(key: key)
    }
    await trips.done("describe an artifact") {
        try await prefect.updateArtifact(id: id, body: ArtifactUpdate(description: "described"))
    }
    trips.expect(
        "describe an artifact",
        lastRequestBody() == ["description": "described"],
        "sent \(lastRequestBody() ?? .null)"
    )
    let byKey = ArtifactFilter(key: ArtifactFilterKey(any: [key]))
    let found = await trips.answer("filter artifacts") {
        try await prefect.readArtifacts(
            body: ReadArtifactsRequest(sort: .createdDesc, artifacts: byKey)
        )
    }
    trips.expect("filter artifacts", found?.count == artifacts.count, "found \(found?.count ?? 0)")
    await trips.answer("filter the latest artifacts") {
        try await prefect.readLatestArtifacts(
            body: ReadLatestArtifactsRequest(
                artifacts: ArtifactCollectionFilter(key: ArtifactCollectionFilterKey(any: [key]))
            )
        )
    }
    await trips.answer("count artifacts") {
        try await prefect.countArtifacts(body: CountArtifactsRequest(artifacts: byKey))
    }
    await trips.answer("count the latest artifacts") {
        try await prefect.countLatestArtifacts()
    }
    for artifact in artifacts {
        if let id = artifact.id {
            await trips.done("delete an artifact") { try await prefect.deleteArtifact(id: id) }
        }
    }
    await trips.refused("read a deleted artifact", status: 404) { try await prefect.readArtifact(id: id) }
}

// MARK: Logs, saved searches, events, automations

await trips.answer("write logs") {
    try await prefect.createLogs(
        body: [LogCreate(name: "rt.logger", level: 20, message: "hello from the round trips \(run)", timestamp: Date())]
    )
}
await trips.answer("filter logs") {
    try await prefect.readLogs(body: ReadLogsRequest(sort: .timestampDesc, limit: 5))
}
if let search = await trips.answer(
    "save a search",
    {
        try await prefect.createSavedSearch(
            body: SavedSearchCreate(
                name: "rt-search-\(run)",
                filters: [
                    SavedSearchFilter(object: "flow", property: "name", type: "string", operation: "equals", value: "x")
                ]
            )
        )
    }
) {
    await trips.answer("read a saved search") { try await prefect.readSavedSearch(id: search.id) }
    await trips.answer("filter saved searches") { try await prefect.readSavedSearches() }
    await trips.done("delete a saved search") {
        try await prefect.deleteSavedSearch(id: search.id)
    }
}
let event = Event(
    occurred: Date(),
    event: "rt.round-trip.\(run)",
    resource: ["prefect.resource.id": "rt.resource.\(run)"],
    payload: ["n": 1],
    id: UUID()
)
await trips.done("emit an event") { try await prefect.createEvents(body: [event]) }
await trips.answer("filter events") {
    try await prefect.readEvents(
        body: ReadEventsRequest(
            filter: EventFilter(
                occurred: EventOccurredFilter(since: Date(timeIntervalSinceNow: -600)),
                event: EventNameFilter(name: [event.event])
            ),
            limit: 5
        )
    )
}
await trips.answer("count events by day") {
    try await prefect.countAccountEvents(
        countable: .day,
        body: CountAccountEventsRequest(
            filter: EventFilter(
                occurred: EventOccurredFilter(
                    since: Date(timeIntervalSinceNow: -600),
                    until: Date(timeIntervalSinceNow: 60)
                )
            )
        )
    )
}
if let automation = await trips.answer(
    "create an automation",
    {
        try await prefect.createAutomation(
            body: AutomationCreate(
                name: "rt-automation-\(run)",
                enabled: false,
                trigger: .event(
                    EventTriggerInput(expect: ["rt.expected"], posture: .reactive, threshold: 1)
                ),
                actions: [.doNothing(DoNothing())]
            )
        )
    }
) {
    // The trigger and action read back as the alternatives they were made as.
    if case .event = automation.trigger, case .doNothing? = automation.actions.first {
        trips.expect("create an automation", true, "")
    } else {
        trips.expect("create an automation", false, "read \(automation.trigger) and \(automation.actions)")
    }
    await trips.answer("read an automation") { try await prefect.readAutomation(id: automation.id) }
    await trips.answer("filter automations") { try await prefect.readAutomations() }
    await trips.answer("count automations") { try await prefect.countAutomations() }
    await trips.answer("read automations related to a resource") {
        try await prefect.readAutomationsRelatedToResource(
            resourceId: "rt.resource.\(run)"
        )
    }
    await trips.done("enable an automation") {
        try await prefect.patchAutomation(
            id: automation.id,
            body: AutomationPartialUpdate(enabled: true)
        )
    }
    trips.expect("enable an automation", lastRequestBody() == ["enabled": true], "sent \(lastRequestBody() ?? .null)")
    await trips.done("replace an automation") {
        try await prefect.updateAutomation(
            id: automation.id,
            body: AutomationUpdate(
                name: "rt-automation-\(run)-2",
                trigger: .event(EventTriggerInput(expect: ["rt.other"], posture: .reactive)),
                actions: [.doNothing(DoNothing())]
            )
        )
    }
    await trips.done("delete an automation") {
        try await prefect.deleteAutomation(id: automation.id)
    }
    await trips.refused("read a deleted automation", status: 404) {
        try await prefect.readAutomation(id: automation.id)
    }
}
await trips.answer("delete automations owned by a resource") {
    try await prefect.deleteAutomationsOwnedByResource(resourceId: "rt.owner.\(run)")
}
await trips.done("validate a template") {
    try await prefect.validateTemplateTemplates(body: "{{ flow.name }}")
}
await trips.done("validate an automation template") {
    try await prefect.validateTemplateAutomations(body: "{{ flow_run.name }}")
}
await trips.answer("validate values against a schema") {
    try await prefect.validateObj(
        body: ValidateObjRequest(
            schema: ["type": "object", "properties": ["n": ["type": "integer"]]],
            values: ["n": 1]
        )
    )
}
await trips.answer("read observed states") { try await prefect.readObservedStates(limit: 5) }
await trips.refused("ask for a CSRF token when the server has no CSRF protection", status: 422) {
    try await prefect.createCsrfToken(client: "round-trips")
}

// MARK: The default result storage: a block document of a storage block type

await trips.refused("store results in a block document that does not exist", status: 404) {
    try await prefect.updateServerDefaultResultStorage(
        body: ServerDefaultResultStorageUpdate(defaultResultStorageBlockId: UUID())
    )
}
if let fileSystem = await trips.answer(
    "read the local file system block type",
    {
        try await prefect.readBlockTypeBySlug("local-file-system")
    }
),
    let schema = await trips.answer(
        "read the local file system's block schemas",
        {
            try await prefect.readBlockSchemas(
                body: ReadBlockSchemasRequest(
                    blockSchemas: BlockSchemaFilter(blockTypeId: BlockSchemaFilterBlockTypeId(any: [fileSystem.id]))
                )
            )
        }
    )?.first,
    let storage = await trips.answer(
        "create a storage block document",
        {
            try await prefect.createBlockDocument(
                body: BlockDocumentCreate(
                    name: "rt-storage-\(run)",
                    data: ["basepath": "/tmp/rt-results"],
                    blockSchemaId: schema.id,
                    blockTypeId: fileSystem.id
                )
            )
        }
    )
{
    let set = await trips.answer("store results in a block document") {
        try await prefect.updateServerDefaultResultStorage(
            body: ServerDefaultResultStorageUpdate(defaultResultStorageBlockId: storage.id)
        )
    }
    trips.expect(
        "store results in a block document",
        set?.defaultResultStorageBlockId == storage.id,
        "set \(String(describing: set))"
    )
    let read = await trips.answer("read the default result storage") {
        try await prefect.readServerDefaultResultStorage()
    }
    trips.expect(
        "read the default result storage",
        read?.defaultResultStorageBlockId == storage.id,
        "read \(String(describing: read))"
    )
    await trips.done("clear the default result storage") {
        try await prefect.clearServerDefaultResultStorage()
    }
    await trips.done("delete a storage block document") {
        try await prefect.deleteBlockDocument(id: storage.id)
    }
}

let allPassed = trips.finish()
exit(allPassed ? 0 : 1)
