"""A FastAPI app written for Specsmith's tests, with the shapes FastAPI apps' own descriptions have.

Its description, as FastAPI serves it at /openapi.json, is served.json beside this file; serve.sh serves the app
with uvicorn and writes it again. What it has:
- operation ids FastAPI makes from the function, the path and the method (read_flow_flows__id__get),
  one function name on two paths (create_work_queue), and an id given by hand (getHealth);
- a body of several fields, which FastAPI names Body_<operationId>;
- enumeration values in SCREAMING_SNAKE_CASE;
- a relative server URL: the app is served behind the prefix /api;
- a union whose object alternative has one property (labels), beside a list and a string.
"""

from enum import Enum
from typing import Annotated, Optional, Union
from uuid import UUID, uuid4

from fastapi import Body, FastAPI, Path
from pydantic import BaseModel

app = FastAPI(title="Flows", version="1.0.0", servers=[{"url": "/api"}])


class FlowSort(str, Enum):
    CREATED_DESC = "CREATED_DESC"
    UPDATED_DESC = "UPDATED_DESC"
    NAME_ASC = "NAME_ASC"
    NAME_DESC = "NAME_DESC"
    START_TIME_DESC = "START_TIME_DESC"


class DeploymentStatus(str, Enum):
    READY = "READY"
    NOT_READY = "NOT_READY"


class Flow(BaseModel):
    id: UUID
    name: str
    tags: list[str] = []


class FlowUpdate(BaseModel):
    tags: Optional[list[str]] = None


class WorkQueueCreate(BaseModel):
    name: str
    priority: Optional[int] = None


class WorkQueue(BaseModel):
    id: UUID
    name: str


class LabelNames(BaseModel):
    labels: list[str]


FLOWS: dict[UUID, Flow] = {}


@app.get("/flows/{id}")
def read_flow(id: UUID) -> Flow:
    return FLOWS.get(id) or Flow(id=id, name="flow")


@app.patch("/flows/{id}", status_code=204)
def update_flow(id: UUID, flow: FlowUpdate) -> None:
    return None


@app.post("/flows/filter")
def read_flows(
    sort: Annotated[FlowSort, Body()] = FlowSort.NAME_ASC,
    offset: Annotated[int, Body()] = 0,
    limit: Annotated[Optional[int], Body()] = None,
    status: Annotated[Optional[DeploymentStatus], Body()] = None,
) -> list[Flow]:
    return list(FLOWS.values())[offset:]


@app.post("/flows/{id}/labels")
def add_labels(id: UUID, labels: Annotated[Union[LabelNames, list[str], str], Body()]) -> Flow:
    return Flow(id=id, name="flow")


@app.post("/work_queues/", status_code=201)
def create_work_queue(work_queue: WorkQueueCreate) -> WorkQueue:
    return WorkQueue(id=uuid4(), name=work_queue.name)


@app.post("/work_pools/{work_pool_name}/queues", status_code=201, name="create_work_queue")
def create_work_queue_in_pool(work_pool_name: Annotated[str, Path()], work_queue: WorkQueueCreate) -> WorkQueue:
    return WorkQueue(id=uuid4(), name=work_queue.name)


@app.get("/health", operation_id="getHealth")
def health() -> bool:
    return True
