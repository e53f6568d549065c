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
let prefect = PrefectClient(baseURL: URL(string: base)!, middleware: [retry, trips.exchanges])
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

await trips.answer("health") { try await prefect.healthCheckHealthGet() }
await trips.answer("version") { try await prefect.serverVersionVersionGet() }
await trips.answer("hello") { try await prefect.helloHelloGet() }
await trips.answer("ready") { try await prefect.performReadinessCheckReadyGet() }
await trips.answer("admin settings") { try await prefect.readSettingsAdminSettingsGet() }
await trips.answer("admin version") { try await prefect.readVersionAdminVersionGet() }
await trips.answer("block capabilities") { try await prefect.readAvailableBlockCapabilitiesBlockCapabilitiesGet() }

// MARK: Flows

let flow = await trips.answer("create a flow") {
    try await prefect.createFlowFlowsPost(body: FlowCreate(name: "rt-flow-\(run)", tags: ["round-trip"]))
}
let other = await trips.answer("create another flow") {
    try await prefect.createFlowFlowsPost(body: FlowCreate(name: "rt-other-\(run)", labels: ["team": .string("a")]))
}
if let flow, let other {
    let read = await trips.answer("read the flow") { try await prefect.readFlowFlowsIdGet(id: flow.id) }
    trips.expect("read the flow", read == flow, "the flow read back is not the one created")
    await trips.answer("read a flow by name") { try await prefect.readFlowByNameFlowsNameNameGet(name: flow.name) }
    await trips.done("update a flow's tags") {
        try await prefect.updateFlowFlowsIdPatch(id: flow.id, body: FlowUpdate(tags: ["round-trip", "updated"]))
    }
    trips.expect(
        "update a flow's tags",
        lastRequestBody() == ["tags": ["round-trip", "updated"]],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let updated = await trips.answer("read the updated flow", { try await prefect.readFlowFlowsIdGet(id: flow.id) })
    {
        let changed = changedKeys(flow, updated).subtracting(["updated"])
        trips.expect("update a flow's tags", changed == ["tags"], "the update changed \(changed.sorted())")
    }
    let named = FlowFilter(name: FlowFilterName(any: [flow.name, other.name]))
    let found = await trips.answer("filter flows by name") {
        try await prefect.readFlowsFlowsFilterPost(body: BodyReadFlowsFlowsFilterPost(flows: named, sort: .nameASC))
    }
    trips.expect(
        "filter flows by name",
        found?.map(\.id) == [other.id, flow.id].sorted { _, _ in false } || found?.count == 2,
        "found \(found?.map(\.name) ?? [])"
    )
    let count = await trips.answer("count flows") {
        try await prefect.countFlowsFlowsCountPost(body: BodyCountFlowsFlowsCountPost(flows: named))
    }
    trips.expect("count flows", count == 2, "counted \(count ?? -1)")
    let page = await trips.answer("paginate flows") {
        try await prefect.paginateFlowsFlowsPaginatePost(
            body: BodyPaginateFlowsFlowsPaginatePost(page: 2, flows: named, limit: 1)
        )
    }
    trips.expect("paginate flows", page?.results.count == 1 && page?.pages == 2, "page \(String(describing: page))")
    await trips.refused("paginate flows from page 0", status: 422) {
        try await prefect.paginateFlowsFlowsPaginatePost(body: BodyPaginateFlowsFlowsPaginatePost(page: 0))
    }
    await trips.answer("next runs by flow") {
        try await prefect.nextRunsByFlowUiFlowsNextRunsPost(
            body: BodyNextRunsByFlowUiFlowsNextRunsPost(flowIds: [flow.id])
        )
    }
    await trips.answer("count deployments by flow") {
        try await prefect.countDeploymentsByFlowUiFlowsCountDeploymentsPost(
            body: BodyCountDeploymentsByFlowUiFlowsCountDeploymentsPost(flowIds: [flow.id, other.id])
        )
    }
    await trips.done("delete a flow") { try await prefect.deleteFlowFlowsIdDelete(id: other.id) }
    await trips.refused("read a deleted flow", status: 404) { try await prefect.readFlowFlowsIdGet(id: other.id) }
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
            try await prefect.createVariableVariablesPost(body: VariableCreate(name: "rt_\(kind)_\(run)", value: value))
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
    await trips.answer("read a variable") { try await prefect.readVariableVariablesIdGet(id: variable.id) }
    await trips.answer("read a variable by name") {
        try await prefect.readVariableByNameVariablesNameNameGet(name: variable.name)
    }
    await trips.done("update a variable's value") {
        try await prefect.updateVariableVariablesIdPatch(id: variable.id, body: VariableUpdate(value: .jsonList([])))
    }
    trips.expect("update a variable's value", lastRequestBody() == ["value": []], "sent \(lastRequestBody() ?? .null)")
    if let read = await trips.answer(
        "read the updated variable",
        { try await prefect.readVariableVariablesIdGet(id: variable.id) }
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
        try await prefect.updateVariableByNameVariablesNameNamePatch(
            name: variable.name,
            body: VariableUpdate(tags: ["t"])
        )
    }
    let filtered = await trips.answer("filter variables") {
        try await prefect.readVariablesVariablesFilterPost(body: BodyReadVariablesVariablesFilterPost(limit: 50))
    }
    trips.expect("filter variables", (filtered ?? []).count >= variables.count, "found \(filtered?.count ?? 0)")
    await trips.answer("count variables") { try await prefect.countVariablesVariablesCountPost() }
    await trips.done("delete a variable by name") {
        try await prefect.deleteVariableByNameVariablesNameNameDelete(name: variable.name)
    }
    await trips.refused("read a deleted variable", status: 404) {
        try await prefect.readVariableByNameVariablesNameNameGet(name: variable.name)
    }
}
if let taken = variables.last {
    await trips.refused("create a variable whose name is taken", status: 409) {
        try await prefect.createVariableVariablesPost(body: VariableCreate(name: taken.name, value: .int(1)))
    }
}
for variable in variables.dropFirst() {
    await trips.done("delete a variable") { try await prefect.deleteVariableVariablesIdDelete(id: variable.id) }
}

// MARK: Deployments: an update sends only what it sets

let deploymentFlow = await trips.answer("create a flow for deployments") {
    try await prefect.createFlowFlowsPost(body: FlowCreate(name: "rt-deployed-\(run)"))
}
var deployment: DeploymentResponse?
if let deploymentFlow {
    deployment = await trips.answer("create a paused deployment") {
        try await prefect.createDeploymentDeploymentsPost(
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
    await trips.answer("read a deployment") { try await prefect.readDeploymentDeploymentsIdGet(id: created.id) }
    await trips.answer("read a deployment by name") {
        try await prefect.readDeploymentByNameDeploymentsNameFlowNameDeploymentNameGet(
            flowName: deploymentFlow.name,
            deploymentName: created.name
        )
    }
    // The update that resumed a paused deployment: `paused` has a default, and must not be sent unless set.
    await trips.done("update a deployment's description") {
        try await prefect.updateDeploymentDeploymentsIdPatch(id: created.id, body: DeploymentUpdate(description: "new"))
    }
    trips.expect(
        "update a deployment's description",
        lastRequestBody() == ["description": "new"],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let updated = await trips.answer(
        "read the updated deployment",
        {
            try await prefect.readDeploymentDeploymentsIdGet(id: created.id)
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
        try await prefect.resumeDeploymentDeploymentsIdResumeDeploymentPost(id: created.id)
    }
    await trips.answer("pause a deployment") {
        try await prefect.pauseDeploymentDeploymentsIdPauseDeploymentPost(id: created.id)
    }
    let schedules = await trips.answer("read a deployment's schedules") {
        try await prefect.readDeploymentSchedulesDeploymentsIdSchedulesGet(id: created.id)
    }
    let added = await trips.answer("add schedules to a deployment") {
        try await prefect.createDeploymentSchedulesDeploymentsIdSchedulesPost(
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
            try await prefect.updateDeploymentScheduleDeploymentsIdSchedulesScheduleIdPatch(
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
            try await prefect.deleteDeploymentScheduleDeploymentsIdSchedulesScheduleIdDelete(
                id: created.id,
                scheduleId: cron.id
            )
        }
    }
    let byFlow = DeploymentFilter(id: DeploymentFilterId(any: [created.id]))
    await trips.answer("filter deployments") {
        try await prefect.readDeploymentsDeploymentsFilterPost(
            body: BodyReadDeploymentsDeploymentsFilterPost(deployments: byFlow)
        )
    }
    await trips.answer("paginate deployments") {
        try await prefect.paginateDeploymentsDeploymentsPaginatePost(
            body: BodyPaginateDeploymentsDeploymentsPaginatePost(page: 1, limit: 5)
        )
    }
    let counted = await trips.answer("count deployments") {
        try await prefect.countDeploymentsDeploymentsCountPost(
            body: BodyCountDeploymentsDeploymentsCountPost(deployments: byFlow)
        )
    }
    trips.expect("count deployments", counted == 1, "counted \(counted ?? -1)")
    await trips.answer("check a deployment's work queue") {
        try await prefect.workQueueCheckForDeploymentDeploymentsIdWorkQueueCheckGet(id: created.id)
    }
    await trips.answer("get scheduled flow runs of deployments") {
        try await prefect.getScheduledFlowRunsForDeploymentsDeploymentsGetScheduledFlowRunsPost(
            body: BodyGetScheduledFlowRunsForDeploymentsDeploymentsGetScheduledFlowRunsPost(deploymentIds: [created.id])
        )
    }
    await trips.answer("schedule a deployment's runs") {
        try await prefect.scheduleDeploymentDeploymentsIdSchedulePost(
            id: created.id,
            body: BodyScheduleDeploymentDeploymentsIdSchedulePost(maxRuns: 1)
        )
    }
    if let fromDeployment = await trips.answer(
        "create a flow run from a deployment",
        {
            try await prefect.createFlowRunFromDeploymentDeploymentsIdCreateFlowRunPost(
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
        try await prefect.bulkCreateFlowRunsFromDeploymentDeploymentsIdCreateFlowRunBulkPost(
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
        try await prefect.createFlowRunFlowRunsPost(
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
        await trips.answer("read a flow run") { try await prefect.readFlowRunFlowRunsIdGet(id: flowRun.id) }
        await trips.done("rename a flow run") {
            try await prefect.updateFlowRunFlowRunsIdPatch(
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
            { try await prefect.readFlowRunFlowRunsIdGet(id: flowRun.id) }
        ) {
            let changed = changedKeys(flowRun, renamed).subtracting(["updated", "estimated_start_time_delta"])
            trips.expect("rename a flow run", changed == ["name"], "the update changed \(changed.sorted())")
        }
        let running = await trips.answer("set a flow run running") {
            try await prefect.setFlowRunStateFlowRunsIdSetStatePost(
                id: flowRun.id,
                body: BodySetFlowRunStateFlowRunsIdSetStatePost(state: StateCreate(type: .running))
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
            try await prefect.setFlowRunStateFlowRunsIdSetStatePost(
                id: flowRun.id,
                body: BodySetFlowRunStateFlowRunsIdSetStatePost(state: StateCreate(type: .completed))
            )
        }
        if let refused = await trips.answer(
            "set a completed flow run running",
            {
                try await prefect.setFlowRunStateFlowRunsIdSetStatePost(
                    id: flowRun.id,
                    body: BodySetFlowRunStateFlowRunsIdSetStatePost(state: StateCreate(type: .running))
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
            try await prefect.resumeFlowRunFlowRunsIdResumePost(id: flowRun.id)
        }
        let states = await trips.answer("read a flow run's states") {
            try await prefect.readFlowRunStatesFlowRunStatesGet(flowRunId: flowRun.id)
        }
        if let state = states?.last {
            await trips.answer("read a flow run state") {
                try await prefect.readFlowRunStateFlowRunStatesIdGet(id: state.id)
            }
        }
        await trips.answer("create a flow run input") {
            try await prefect.createFlowRunInputFlowRunsIdInputPost(
                id: flowRun.id,
                body: BodyCreateFlowRunInputFlowRunsIdInputPost(key: "rt-key", value: #"{"answer": 42}"#)
            )
        }
        await trips.answer("read a flow run input") {
            try await prefect.readFlowRunInputFlowRunsIdInputKeyGet(id: flowRun.id, key: "rt-key")
        }
        await trips.answer("filter flow run inputs") {
            try await prefect.filterFlowRunInputFlowRunsIdInputFilterPost(
                id: flowRun.id,
                body: BodyFilterFlowRunInputFlowRunsIdInputFilterPost(prefix: "rt-")
            )
        }
        await trips.done("delete a flow run input") {
            try await prefect.deleteFlowRunInputFlowRunsIdInputKeyDelete(id: flowRun.id, key: "rt-key")
        }
        await trips.done("label a flow run") {
            try await prefect.updateFlowRunLabelsFlowRunsIdLabelsPatch(id: flowRun.id, body: ["env": "test"])
        }
        await trips.answer("read a flow run's graph") {
            try await prefect.readFlowRunGraphV1FlowRunsIdGraphGet(id: flowRun.id)
        }
        await trips.answer("read a flow run's graph, version 2") {
            try await prefect.readFlowRunGraphV2FlowRunsIdGraphV2Get(
                id: flowRun.id,
                since: Date(timeIntervalSince1970: 0)
            )
        }
        await trips.mistaken(
            "download a flow run's logs",
            because: "the description says JSON; the server sends the logs as text (`text/plain`)"
        ) { try await prefect.downloadLogsFlowRunsIdLogsDownloadGet(id: flowRun.id) }
        await trips.answer("count task runs of flow runs") {
            try await prefect.countTaskRunsByFlowRunUiFlowRunsCountTaskRunsPost(
                body: BodyCountTaskRunsByFlowRunUiFlowRunsCountTaskRunsPost(flowRunIds: [flowRun.id])
            )
        }

        // MARK: Task runs
        if let taskRun = await trips.answer(
            "create a task run",
            {
                try await prefect.createTaskRunTaskRunsPost(
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
            await trips.answer("read a task run") { try await prefect.readTaskRunTaskRunsIdGet(id: taskRun.id) }
            await trips.answer("read a task run with its flow run's name") {
                try await prefect.readTaskRunWithFlowRunNameUiTaskRunsIdGet(id: taskRun.id)
            }
            await trips.done("rename a task run") {
                try await prefect.updateTaskRunTaskRunsIdPatch(
                    id: taskRun.id,
                    body: TaskRunUpdate(name: "rt-task-renamed-\(run)")
                )
            }
            await trips.answer("set a task run running") {
                try await prefect.setTaskRunStateTaskRunsIdSetStatePost(
                    id: taskRun.id,
                    body: BodySetTaskRunStateTaskRunsIdSetStatePost(state: StateCreate(type: .running))
                )
            }
            if let state = await trips.answer(
                "read a task run's states",
                {
                    try await prefect.readTaskRunStatesTaskRunStatesGet(taskRunId: taskRun.id)
                }
            )?.last {
                await trips.answer("read a task run state") {
                    try await prefect.readTaskRunStateTaskRunStatesIdGet(id: state.id)
                }
            }
            let byRun = TaskRunFilter(flowRunId: TaskRunFilterFlowRunId(any: [flowRun.id]))
            await trips.answer("filter task runs") {
                try await prefect.readTaskRunsTaskRunsFilterPost(
                    body: BodyReadTaskRunsTaskRunsFilterPost(taskRuns: byRun)
                )
            }
            await trips.answer("paginate task runs") {
                try await prefect.paginateTaskRunsTaskRunsPaginatePost(
                    body: BodyPaginateTaskRunsTaskRunsPaginatePost(taskRuns: byRun)
                )
            }
            let count = await trips.answer("count task runs") {
                try await prefect.countTaskRunsTaskRunsCountPost(
                    body: BodyCountTaskRunsTaskRunsCountPost(taskRuns: byRun)
                )
            }
            trips.expect("count task runs", count == 1, "counted \(count ?? -1)")
            await trips.answer("count task runs by state") {
                try await prefect.readTaskRunCountsByStateUiTaskRunsCountPost(
                    body: BodyReadTaskRunCountsByStateUiTaskRunsCountPost(taskRuns: byRun)
                )
            }
            await trips.answer("count task runs for the dashboard") {
                // The server requires `task_runs.start_time.after_`, which the description leaves optional.
                try await prefect.readDashboardTaskRunCountsUiTaskRunsDashboardCountsPost(
                    body: BodyReadDashboardTaskRunCountsUiTaskRunsDashboardCountsPost(
                        taskRuns: TaskRunFilter(
                            startTime: TaskRunFilterStartTime(after: Date(timeIntervalSinceNow: -3600))
                        )
                    )
                )
            }
            await trips.answer("task run history") {
                try await prefect.taskRunHistoryTaskRunsHistoryPost(
                    body: BodyTaskRunHistoryTaskRunsHistoryPost(
                        historyStart: Date(timeIntervalSinceNow: -3600),
                        historyEnd: Date(timeIntervalSinceNow: 60),
                        historyIntervalSeconds: 600
                    )
                )
            }
            await trips.done("delete a task run") { try await prefect.deleteTaskRunTaskRunsIdDelete(id: taskRun.id) }
            await trips.refused("read a deleted task run", status: 404) {
                try await prefect.readTaskRunTaskRunsIdGet(id: taskRun.id)
            }
        }

        let byFlow = FlowFilter(id: FlowFilterId(any: [deploymentFlow.id]))
        let runs = await trips.answer("filter flow runs") {
            try await prefect.readFlowRunsFlowRunsFilterPost(body: BodyReadFlowRunsFlowRunsFilterPost(flows: byFlow))
        }
        trips.expect(
            "filter flow runs",
            (runs ?? []).contains { $0.id == flowRun.id },
            "the flow run is not among them"
        )
        await trips.answer("paginate flow runs") {
            try await prefect.paginateFlowRunsFlowRunsPaginatePost(
                body: BodyPaginateFlowRunsFlowRunsPaginatePost(page: 1, flows: byFlow, limit: 2)
            )
        }
        await trips.answer("count flow runs") {
            try await prefect.countFlowRunsFlowRunsCountPost(body: BodyCountFlowRunsFlowRunsCountPost(flows: byFlow))
        }
        // A number, or `null` when no run matches: both read without an error.
        await trips.answer("average lateness of flow runs") {
            try await prefect.averageFlowRunLatenessFlowRunsLatenessPost(
                body: BodyAverageFlowRunLatenessFlowRunsLatenessPost(flows: byFlow)
            )
        }
        let none = FlowFilter(name: FlowFilterName(any: ["no-such-flow-\(run)"]))
        let lateness = await trips.answer("average lateness when no run matches") {
            try await prefect.averageFlowRunLatenessFlowRunsLatenessPost(
                body: BodyAverageFlowRunLatenessFlowRunsLatenessPost(flows: none)
            )
        }
        trips.expect(
            "average lateness when no run matches",
            lateness == .some(nil),
            "read \(String(describing: lateness))"
        )
        await trips.answer("flow run history") {
            try await prefect.flowRunHistoryFlowRunsHistoryPost(
                body: BodyFlowRunHistoryFlowRunsHistoryPost(
                    historyStart: Date(timeIntervalSinceNow: -3600),
                    historyEnd: Date(timeIntervalSinceNow: 60),
                    historyIntervalSeconds: 600,
                    flows: byFlow
                )
            )
        }
        await trips.answer("flow run history for the UI") {
            try await prefect.readFlowRunHistoryUiFlowRunsHistoryPost(
                body: BodyReadFlowRunHistoryUiFlowRunsHistoryPost(limit: 5, flows: byFlow)
            )
        }
        await trips.answer("set flow runs' state in bulk") {
            try await prefect.bulkSetFlowRunStateFlowRunsBulkSetStatePost(
                body: BodyBulkSetFlowRunStateFlowRunsBulkSetStatePost(
                    flowRuns: FlowRunFilter(id: FlowRunFilterId(any: [flowRun.id])),
                    state: StateCreate(type: .cancelled),
                    force: true
                )
            )
        }
        await trips.done("delete a flow run") { try await prefect.deleteFlowRunFlowRunsIdDelete(id: flowRun.id) }
        await trips.refused("read a deleted flow run", status: 404) {
            try await prefect.readFlowRunFlowRunsIdGet(id: flowRun.id)
        }
        await trips.answer("delete flow runs in bulk") {
            try await prefect.bulkDeleteFlowRunsFlowRunsBulkDeletePost(
                body: BodyBulkDeleteFlowRunsFlowRunsBulkDeletePost(flowRuns: nil, limit: 1)
            )
        }
    }
}
if let created = deployment {
    await trips.answer("delete deployments in bulk") {
        try await prefect.bulkDeleteDeploymentsDeploymentsBulkDeletePost(
            body: BodyBulkDeleteDeploymentsDeploymentsBulkDeletePost(
                deployments: DeploymentFilter(id: DeploymentFilterId(any: [UUID()]))
            )
        )
    }
    await trips.done("delete a deployment") { try await prefect.deleteDeploymentDeploymentsIdDelete(id: created.id) }
    await trips.refused("read a deleted deployment", status: 404) {
        try await prefect.readDeploymentDeploymentsIdGet(id: created.id)
    }
}
if let flow {
    await trips.answer("delete flows in bulk") {
        try await prefect.bulkDeleteFlowsFlowsBulkDeletePost(
            body: BodyBulkDeleteFlowsFlowsBulkDeletePost(flows: FlowFilter(id: FlowFilterId(any: [flow.id])))
        )
    }
}

// MARK: Work pools, their queues and workers

let poolName = "rt-pool-\(run)"
if let pool = await trips.answer(
    "create a work pool",
    {
        try await prefect.createWorkPoolWorkPoolsPost(
            body: WorkPoolCreate(name: poolName, type: "process", isPaused: true, concurrencyLimit: 2)
        )
    }
) {
    await trips.answer("read a work pool") { try await prefect.readWorkPoolWorkPoolsNameGet(name: poolName) }
    await trips.done("describe a work pool") {
        try await prefect.updateWorkPoolWorkPoolsNamePatch(name: poolName, body: WorkPoolUpdate(description: "pool"))
    }
    trips.expect(
        "describe a work pool",
        lastRequestBody() == ["description": "pool"],
        "sent \(lastRequestBody() ?? .null)"
    )
    if let updated = await trips.answer(
        "read the described work pool",
        { try await prefect.readWorkPoolWorkPoolsNameGet(name: poolName) }
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
        try await prefect.readWorkPoolsWorkPoolsFilterPost(
            body: BodyReadWorkPoolsWorkPoolsFilterPost(workPools: byName)
        )
    }
    let pools = await trips.answer("count work pools") {
        try await prefect.countWorkPoolsWorkPoolsCountPost(
            body: BodyCountWorkPoolsWorkPoolsCountPost(workPools: byName)
        )
    }
    trips.expect("count work pools", pools == 1, "counted \(pools ?? -1)")
    await trips.answer("read a work pool's concurrency") {
        try await prefect.readWorkPoolConcurrencyStatusWorkPoolsNameConcurrencyStatusPost(name: poolName)
    }
    await trips.answer("get a work pool's scheduled flow runs") {
        try await prefect.getScheduledFlowRunsWorkPoolsNameGetScheduledFlowRunsPost(name: poolName)
    }
    let queueName = "rt-queue-\(run)"
    if let queue = await trips.answer(
        "create a work pool queue",
        {
            try await prefect.createWorkQueueWorkPoolsWorkPoolNameQueuesPost(
                workPoolName: poolName,
                body: WorkQueueCreate(name: queueName, priority: 2)
            )
        }
    ) {
        await trips.answer("read a work pool queue") {
            try await prefect.readWorkQueueWorkPoolsWorkPoolNameQueuesNameGet(workPoolName: poolName, name: queueName)
        }
        await trips.done("pause a work pool queue") {
            try await prefect.updateWorkQueueWorkPoolsWorkPoolNameQueuesNamePatch(
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
            try await prefect.readWorkQueuesWorkPoolsWorkPoolNameQueuesFilterPost(workPoolName: poolName)
        }
        await trips.answer("read a queue by id") { try await prefect.readWorkQueueWorkQueuesIdGet(id: queue.id) }
        await trips.answer("read a queue's status") {
            try await prefect.readWorkQueueStatusWorkQueuesIdStatusGet(id: queue.id)
        }
        await trips.answer("read a queue's concurrency") {
            try await prefect.readWorkQueueConcurrencyStatusWorkQueuesIdConcurrencyStatusPost(id: queue.id)
        }
        await trips.answer("read a queue's runs") {
            try await prefect.readWorkQueueRunsWorkQueuesIdGetRunsPost(id: queue.id)
        }
        await trips.done("delete a work pool queue") {
            try await prefect.deleteWorkQueueWorkPoolsWorkPoolNameQueuesNameDelete(
                workPoolName: poolName,
                name: queueName
            )
        }
    }
    await trips.done("send a worker's heartbeat") {
        try await prefect.workerHeartbeatWorkPoolsWorkPoolNameWorkersHeartbeatPost(
            workPoolName: poolName,
            body: BodyWorkerHeartbeatWorkPoolsWorkPoolNameWorkersHeartbeatPost(
                name: "rt-worker",
                heartbeatIntervalSeconds: 30
            )
        )
    }
    let workers = await trips.answer("filter a work pool's workers") {
        try await prefect.readWorkersWorkPoolsWorkPoolNameWorkersFilterPost(workPoolName: poolName)
    }
    trips.expect(
        "filter a work pool's workers",
        workers?.map(\.name) == ["rt-worker"],
        "workers \(workers?.map(\.name) ?? [])"
    )
    await trips.done("delete a worker") {
        try await prefect.deleteWorkerWorkPoolsWorkPoolNameWorkersNameDelete(workPoolName: poolName, name: "rt-worker")
    }
    await trips.done("delete a work pool") { try await prefect.deleteWorkPoolWorkPoolsNameDelete(name: poolName) }
    await trips.refused("read a deleted work pool", status: 404) {
        try await prefect.readWorkPoolWorkPoolsNameGet(name: poolName)
    }
}
await trips.answer("filter task workers") { try await prefect.readTaskWorkersTaskWorkersFilterPost() }

// MARK: Work queues of the default pool

let globalQueueName = "rt-global-queue-\(run)"
if let queue = await trips.answer(
    "create a work queue",
    {
        try await prefect.createWorkQueueWorkQueuesPost(
            body: WorkQueueCreate(name: globalQueueName, description: "q", concurrencyLimit: 1)
        )
    }
) {
    await trips.answer("read a work queue by name") {
        try await prefect.readWorkQueueByNameWorkQueuesNameNameGet(name: globalQueueName)
    }
    await trips.done("update a work queue") {
        try await prefect.updateWorkQueueWorkQueuesIdPatch(id: queue.id, body: WorkQueueUpdate(priority: 5))
    }
    trips.expect("update a work queue", lastRequestBody() == ["priority": 5], "sent \(lastRequestBody() ?? .null)")
    if let updated = await trips.answer(
        "read the updated work queue",
        { try await prefect.readWorkQueueWorkQueuesIdGet(id: queue.id) }
    ) {
        trips.expect(
            "update a work queue",
            updated.concurrencyLimit == 1 && updated.description == "q",
            "the update changed more"
        )
    }
    await trips.answer("filter work queues") {
        try await prefect.readWorkQueuesWorkQueuesFilterPost(
            body: BodyReadWorkQueuesWorkQueuesFilterPost(
                workQueues: WorkQueueFilter(name: WorkQueueFilterName(any: [globalQueueName]))
            )
        )
    }
    await trips.done("delete a work queue") { try await prefect.deleteWorkQueueWorkQueuesIdDelete(id: queue.id) }
}

// MARK: Concurrency limits

let tag = "rt-tag-\(run)"
if let limit = await trips.answer(
    "create a tag concurrency limit",
    {
        try await prefect.createConcurrencyLimitConcurrencyLimitsPost(
            body: ConcurrencyLimitCreate(tag: tag, concurrencyLimit: 3)
        )
    }
) {
    await trips.answer("read a concurrency limit") {
        try await prefect.readConcurrencyLimitConcurrencyLimitsIdGet(id: limit.id)
    }
    await trips.answer("read a concurrency limit by tag") {
        try await prefect.readConcurrencyLimitByTagConcurrencyLimitsTagTagGet(tag: tag)
    }
    await trips.answer("filter concurrency limits") {
        try await prefect.readConcurrencyLimitsConcurrencyLimitsFilterPost()
    }
    let slot = UUID()
    await trips.answer("increment concurrency limits") {
        try await prefect.incrementConcurrencyLimitsV1ConcurrencyLimitsIncrementPost(
            body: BodyIncrementConcurrencyLimitsV1ConcurrencyLimitsIncrementPost(names: [tag], taskRunId: slot)
        )
    }
    await trips.answer("decrement concurrency limits") {
        try await prefect.decrementConcurrencyLimitsV1ConcurrencyLimitsDecrementPost(
            body: BodyDecrementConcurrencyLimitsV1ConcurrencyLimitsDecrementPost(names: [tag], taskRunId: slot)
        )
    }
    await trips.answer("reset a concurrency limit") {
        try await prefect.resetConcurrencyLimitByTagConcurrencyLimitsTagTagResetPost(tag: tag)
    }
    await trips.answer("delete a concurrency limit by tag") {
        try await prefect.deleteConcurrencyLimitByTagConcurrencyLimitsTagTagDelete(tag: tag)
    }
    await trips.refused("read a deleted concurrency limit", status: 404) {
        try await prefect.readConcurrencyLimitConcurrencyLimitsIdGet(id: limit.id)
    }
}
if let other = await trips.answer(
    "create another tag concurrency limit",
    {
        try await prefect.createConcurrencyLimitConcurrencyLimitsPost(
            body: ConcurrencyLimitCreate(tag: tag + "-b", concurrencyLimit: 1)
        )
    }
) {
    await trips.answer("delete a concurrency limit") {
        try await prefect.deleteConcurrencyLimitConcurrencyLimitsIdDelete(id: other.id)
    }
}
let globalName = "rt-global-\(run)"
if let global = await trips.answer(
    "create a global concurrency limit",
    {
        try await prefect.createConcurrencyLimitV2V2ConcurrencyLimitsPost(
            body: ConcurrencyLimitV2Create(name: globalName, limit: 2)
        )
    }
) {
    await trips.answer("read a global concurrency limit") {
        try await prefect.readConcurrencyLimitV2V2ConcurrencyLimitsIdOrNameGet(
            idOrName: global.id.uuidString.lowercased()
        )
    }
    await trips.done("raise a global concurrency limit") {
        try await prefect.updateConcurrencyLimitV2V2ConcurrencyLimitsIdOrNamePatch(
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
            try await prefect.readConcurrencyLimitV2V2ConcurrencyLimitsIdOrNameGet(idOrName: globalName)
        }
    ) {
        trips.expect(
            "raise a global concurrency limit",
            raised.limit == 4 && raised.active == global.active,
            "read \(raised)"
        )
    }
    await trips.answer("filter global concurrency limits") {
        try await prefect.readAllConcurrencyLimitsV2V2ConcurrencyLimitsFilterPost()
    }
    await trips.answer("take global concurrency slots") {
        try await prefect.bulkIncrementActiveSlotsV2ConcurrencyLimitsIncrementPost(
            body: BodyBulkIncrementActiveSlotsV2ConcurrencyLimitsIncrementPost(slots: 1, names: [globalName])
        )
    }
    await trips.answer("give global concurrency slots back") {
        try await prefect.bulkDecrementActiveSlotsV2ConcurrencyLimitsDecrementPost(
            body: BodyBulkDecrementActiveSlotsV2ConcurrencyLimitsDecrementPost(slots: 1, names: [globalName])
        )
    }
    if let lease = await trips.answer(
        "take global concurrency slots with a lease",
        {
            try await prefect.bulkIncrementActiveSlotsWithLeaseV2ConcurrencyLimitsIncrementWithLeasePost(
                body: BodyBulkIncrementActiveSlotsWithLeaseV2ConcurrencyLimitsIncrementWithLeasePost(
                    slots: 1,
                    names: [globalName],
                    leaseDuration: 60
                )
            )
        }
    ) {
        await trips.done("renew a concurrency lease") {
            try await prefect.renewConcurrencyLeaseV2ConcurrencyLimitsLeasesLeaseIdRenewPost(leaseId: lease.leaseId)
        }
        await trips.done("give a leased slot back") {
            try await prefect.bulkDecrementActiveSlotsWithLeaseV2ConcurrencyLimitsDecrementWithLeasePost(
                body: BodyBulkDecrementActiveSlotsWithLeaseV2ConcurrencyLimitsDecrementWithLeasePost(
                    leaseId: lease.leaseId
                )
            )
        }
    }
    await trips.done("delete a global concurrency limit") {
        try await prefect.deleteConcurrencyLimitV2V2ConcurrencyLimitsIdOrNameDelete(idOrName: globalName)
    }
    await trips.refused("read a deleted global concurrency limit", status: 404) {
        try await prefect.readConcurrencyLimitV2V2ConcurrencyLimitsIdOrNameGet(idOrName: globalName)
    }
}

// MARK: Blocks: types, schemas, documents

await trips.answer("install the system block types") {
    try await prefect.installSystemBlockTypesBlockTypesInstallSystemBlockTypesPost()
}
await trips.answer("filter block types") {
    try await prefect.readBlockTypesBlockTypesFilterPost(body: BodyReadBlockTypesBlockTypesFilterPost(limit: 10))
}
await trips.answer("read a system block type") {
    try await prefect.readBlockTypeBySlugBlockTypesSlugSlugGet(slug: "secret")
}
await trips.answer("filter block schemas") {
    try await prefect.readBlockSchemasBlockSchemasFilterPost(body: BodyReadBlockSchemasBlockSchemasFilterPost(limit: 5))
}
let slug = "rt-block-\(run)"
if let blockType = await trips.answer(
    "create a block type",
    {
        try await prefect.createBlockTypeBlockTypesPost(
            body: BlockTypeCreate(name: "RT Block \(run)", slug: slug, description: "a block")
        )
    }
) {
    await trips.answer("read a block type") { try await prefect.readBlockTypeByIdBlockTypesIdGet(id: blockType.id) }
    await trips.done("update a block type") {
        try await prefect.updateBlockTypeBlockTypesIdPatch(
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
            try await prefect.createBlockSchemaBlockSchemasPost(
                body: BlockSchemaCreate(fields: fields, blockTypeId: blockType.id)
            )
        }
    ) {
        await trips.answer("read a block schema") {
            try await prefect.readBlockSchemaByIdBlockSchemasIdGet(id: schema.id)
        }
        await trips.answer("read a block schema by checksum") {
            try await prefect.readBlockSchemaByChecksumBlockSchemasChecksumChecksumGet(checksum: schema.checksum)
        }
        if let document = await trips.answer(
            "create a block document",
            {
                try await prefect.createBlockDocumentBlockDocumentsPost(
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
                try await prefect.readBlockDocumentByIdBlockDocumentsIdGet(id: document.id)
            }
            await trips.answer("read a block type's documents") {
                try await prefect.readBlockDocumentsForBlockTypeBlockTypesSlugSlugBlockDocumentsGet(slug: slug)
            }
            await trips.answer("read a block document by name") {
                try await prefect
                    .readBlockDocumentByNameForBlockTypeBlockTypesSlugSlugBlockDocumentsNameBlockDocumentNameGet(
                        slug: slug,
                        blockDocumentName: "rt-document"
                    )
            }
            await trips.done("update a block document") {
                try await prefect.updateBlockDocumentDataBlockDocumentsIdPatch(
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
                try await prefect.readBlockDocumentsBlockDocumentsFilterPost(
                    body: BodyReadBlockDocumentsBlockDocumentsFilterPost(blockDocuments: byName)
                )
            }
            await trips.answer("count block documents") {
                try await prefect.countBlockDocumentsBlockDocumentsCountPost(
                    body: BodyCountBlockDocumentsBlockDocumentsCountPost(blockDocuments: byName)
                )
            }
            await trips.done("delete a block document") {
                try await prefect.deleteBlockDocumentBlockDocumentsIdDelete(id: document.id)
            }
        }
        await trips.done("delete a block schema") {
            try await prefect.deleteBlockSchemaBlockSchemasIdDelete(id: schema.id)
        }
    }
    await trips.done("delete a block type") { try await prefect.deleteBlockTypeBlockTypesIdDelete(id: blockType.id) }
    await trips.refused("read a deleted block type", status: 404) {
        try await prefect.readBlockTypeByIdBlockTypesIdGet(id: blockType.id)
    }
}

// MARK: Artifacts: data of any shape

let key = "rt-artifact-\(run)"
var artifacts: [Artifact] = []
for data in [ArtifactData.jsonMap(["rows": [1, 2]]), .json("a markdown text"), .json([1, 2, 3])] {
    if let artifact = await trips.answer(
        "create an artifact",
        {
            try await prefect.createArtifactArtifactsPost(body: ArtifactCreate(key: key, type: "table", data: data))
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
    await trips.answer("read an artifact") { try await prefect.readArtifactArtifactsIdGet(id: id) }
    await trips.answer("read the latest artifact of a key") {
        try await prefect.readLatestArtifactArtifactsKeyLatestGet(key: key)
    }
    await trips.done("describe an artifact") {
        try await prefect.updateArtifactArtifactsIdPatch(id: id, body: ArtifactUpdate(description: "described"))
    }
    trips.expect(
        "describe an artifact",
        lastRequestBody() == ["description": "described"],
        "sent \(lastRequestBody() ?? .null)"
    )
    let byKey = ArtifactFilter(key: ArtifactFilterKey(any: [key]))
    let found = await trips.answer("filter artifacts") {
        try await prefect.readArtifactsArtifactsFilterPost(
            body: BodyReadArtifactsArtifactsFilterPost(sort: .createdDESC, artifacts: byKey)
        )
    }
    trips.expect("filter artifacts", found?.count == artifacts.count, "found \(found?.count ?? 0)")
    await trips.answer("filter the latest artifacts") {
        try await prefect.readLatestArtifactsArtifactsLatestFilterPost(
            body: BodyReadLatestArtifactsArtifactsLatestFilterPost(
                artifacts: ArtifactCollectionFilter(key: ArtifactCollectionFilterKey(any: [key]))
            )
        )
    }
    await trips.answer("count artifacts") {
        try await prefect.countArtifactsArtifactsCountPost(body: BodyCountArtifactsArtifactsCountPost(artifacts: byKey))
    }
    await trips.answer("count the latest artifacts") {
        try await prefect.countLatestArtifactsArtifactsLatestCountPost()
    }
    for artifact in artifacts {
        if let id = artifact.id {
            await trips.done("delete an artifact") { try await prefect.deleteArtifactArtifactsIdDelete(id: id) }
        }
    }
    await trips.refused("read a deleted artifact", status: 404) { try await prefect.readArtifactArtifactsIdGet(id: id) }
}

// MARK: Logs, saved searches, events, automations

await trips.answer("write logs") {
    try await prefect.createLogsLogsPost(
        body: [LogCreate(name: "rt.logger", level: 20, message: "hello from the round trips \(run)", timestamp: Date())]
    )
}
await trips.answer("filter logs") {
    try await prefect.readLogsLogsFilterPost(body: BodyReadLogsLogsFilterPost(sort: .timestampDESC, limit: 5))
}
if let search = await trips.answer(
    "save a search",
    {
        try await prefect.createSavedSearchSavedSearchesPut(
            body: SavedSearchCreate(
                name: "rt-search-\(run)",
                filters: [
                    SavedSearchFilter(object: "flow", property: "name", type: "string", operation: "equals", value: "x")
                ]
            )
        )
    }
) {
    await trips.answer("read a saved search") { try await prefect.readSavedSearchSavedSearchesIdGet(id: search.id) }
    await trips.answer("filter saved searches") { try await prefect.readSavedSearchesSavedSearchesFilterPost() }
    await trips.done("delete a saved search") {
        try await prefect.deleteSavedSearchSavedSearchesIdDelete(id: search.id)
    }
}
let event = Event(
    occurred: Date(),
    event: "rt.round-trip.\(run)",
    resource: ["prefect.resource.id": "rt.resource.\(run)"],
    payload: ["n": 1],
    id: UUID()
)
await trips.done("emit an event") { try await prefect.createEventsEventsPost(body: [event]) }
await trips.answer("filter events") {
    try await prefect.readEventsEventsFilterPost(
        body: BodyReadEventsEventsFilterPost(
            filter: EventFilter(
                occurred: EventOccurredFilter(since: Date(timeIntervalSinceNow: -600)),
                event: EventNameFilter(name: [event.event])
            ),
            limit: 5
        )
    )
}
await trips.answer("count events by day") {
    try await prefect.countAccountEventsEventsCountByCountablePost(
        countable: .day,
        body: BodyCountAccountEventsEventsCountByCountablePost(
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
        try await prefect.createAutomationAutomationsPost(
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
    await trips.answer("read an automation") { try await prefect.readAutomationAutomationsIdGet(id: automation.id) }
    await trips.answer("filter automations") { try await prefect.readAutomationsAutomationsFilterPost() }
    await trips.answer("count automations") { try await prefect.countAutomationsAutomationsCountPost() }
    await trips.answer("read automations related to a resource") {
        try await prefect.readAutomationsRelatedToResourceAutomationsRelatedToResourceIdGet(
            resourceId: "rt.resource.\(run)"
        )
    }
    await trips.done("enable an automation") {
        try await prefect.patchAutomationAutomationsIdPatch(
            id: automation.id,
            body: AutomationPartialUpdate(enabled: true)
        )
    }
    trips.expect("enable an automation", lastRequestBody() == ["enabled": true], "sent \(lastRequestBody() ?? .null)")
    await trips.done("replace an automation") {
        try await prefect.updateAutomationAutomationsIdPut(
            id: automation.id,
            body: AutomationUpdate(
                name: "rt-automation-\(run)-2",
                trigger: .event(EventTriggerInput(expect: ["rt.other"], posture: .reactive)),
                actions: [.doNothing(DoNothing())]
            )
        )
    }
    await trips.done("delete an automation") {
        try await prefect.deleteAutomationAutomationsIdDelete(id: automation.id)
    }
    await trips.refused("read a deleted automation", status: 404) {
        try await prefect.readAutomationAutomationsIdGet(id: automation.id)
    }
}
await trips.answer("delete automations owned by a resource") {
    try await prefect.deleteAutomationsOwnedByResourceAutomationsOwnedByResourceIdDelete(resourceId: "rt.owner.\(run)")
}
await trips.done("validate a template") {
    try await prefect.validateTemplateTemplatesValidatePost(body: "{{ flow.name }}")
}
await trips.done("validate an automation template") {
    try await prefect.validateTemplateAutomationsTemplatesValidatePost(body: "{{ flow_run.name }}")
}
await trips.answer("validate values against a schema") {
    try await prefect.validateObjUiSchemasValidatePost(
        body: BodyValidateObjUiSchemasValidatePost(
            schema: ["type": "object", "properties": ["n": ["type": "integer"]]],
            values: ["n": 1]
        )
    )
}
await trips.answer("read observed states") { try await prefect.readObservedStatesObservedStatesGet(limit: 5) }
await trips.refused("ask for a CSRF token when the server has no CSRF protection", status: 422) {
    try await prefect.createCsrfTokenCsrfTokenGet(client: "round-trips")
}

// MARK: The default result storage: a block document of a storage block type

await trips.refused("store results in a block document that does not exist", status: 404) {
    try await prefect.updateServerDefaultResultStorageAdminStoragePut(
        body: ServerDefaultResultStorageUpdate(defaultResultStorageBlockId: UUID())
    )
}
if let fileSystem = await trips.answer(
    "read the local file system block type",
    {
        try await prefect.readBlockTypeBySlugBlockTypesSlugSlugGet(slug: "local-file-system")
    }
),
    let schema = await trips.answer(
        "read the local file system's block schemas",
        {
            try await prefect.readBlockSchemasBlockSchemasFilterPost(
                body: BodyReadBlockSchemasBlockSchemasFilterPost(
                    blockSchemas: BlockSchemaFilter(blockTypeId: BlockSchemaFilterBlockTypeId(any: [fileSystem.id]))
                )
            )
        }
    )?.first,
    let storage = await trips.answer(
        "create a storage block document",
        {
            try await prefect.createBlockDocumentBlockDocumentsPost(
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
        try await prefect.updateServerDefaultResultStorageAdminStoragePut(
            body: ServerDefaultResultStorageUpdate(defaultResultStorageBlockId: storage.id)
        )
    }
    trips.expect(
        "store results in a block document",
        set?.defaultResultStorageBlockId == storage.id,
        "set \(String(describing: set))"
    )
    let read = await trips.answer("read the default result storage") {
        try await prefect.readServerDefaultResultStorageAdminStorageGet()
    }
    trips.expect(
        "read the default result storage",
        read?.defaultResultStorageBlockId == storage.id,
        "read \(String(describing: read))"
    )
    await trips.done("clear the default result storage") {
        try await prefect.clearServerDefaultResultStorageAdminStorageDelete()
    }
    await trips.done("delete a storage block document") {
        try await prefect.deleteBlockDocumentBlockDocumentsIdDelete(id: storage.id)
    }
}

let allPassed = trips.finish()
exit(allPassed ? 0 : 1)
