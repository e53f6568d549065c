#!/usr/bin/env bash
# Real servers from PyPI, driven by clients generated from the descriptions they serve themselves (README.md):
#   1. installs each server, pinned, into a virtual environment of its own (.venv-*),
#   2. starts it on loopback with fresh state (.state/), on a free port, without telemetry,
#   3. fetches the description it serves into its driver's target, where the build plugin finds it,
#   4. builds this package (the plugin generates both clients) and runs each driver, which makes real round trips,
#   5. prints what each covered and passed, and fails if a check failed.
# Called by .ci/run; run it by hand the same way: `RealServers/run.sh`.
set -euo pipefail
cd "$(dirname "$0")"

fail() { echo "error: $*" >&2; exit 1; }
PREFECT=prefect==3.9.1
JUPYTER="jupyter-server==2.21.1 ipykernel==7.4.0"

pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# wait_for NAME URL LOG [HEADER]: until URL answers 2xx, for two minutes at most.
wait_for() {
    local name=$1 url=$2 log=$3 header=${4:-X-Nothing: 1}
    for _ in $(seq 240); do
        curl -fsS -H "$header" "$url" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    tail -40 "$log" >&2
    fail "$name did not answer $url within two minutes"
}

# count_operations FILE: the operations of an OpenAPI or Swagger document, JSON or YAML.
count_operations() {
    python3 - "$1" <<'PY'
import json, sys, yaml
text = open(sys.argv[1]).read()
document = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
print(sum(1 for item in document.get("paths", {}).values() for method in item if method in methods))
PY
}

echo "== install the servers (PyPI, pinned)"
start=$SECONDS
[ -x .venv-prefect/bin/python ] || python3 -m venv .venv-prefect
[ -x .venv-jupyter/bin/python ] || python3 -m venv .venv-jupyter
.venv-prefect/bin/pip install --quiet --disable-pip-version-check "$PREFECT"
# shellcheck disable=SC2086
.venv-jupyter/bin/pip install --quiet --disable-pip-version-check $JUPYTER
echo "   installed in $((SECONDS - start)) s"

rm -rf .state
mkdir -p .state/prefect .state/jupyter/config .state/jupyter/data .state/jupyter/runtime .state/jupyter/root

echo "== start Prefect (FastAPI, SQLite) and jupyter-server (Tornado) on loopback"
prefect_port=$(free_port)
PREFECT_HOME="$PWD/.state/prefect" PREFECT_SERVER_ANALYTICS_ENABLED=false PREFECT_SERVER_UI_ENABLED=false \
    DO_NOT_TRACK=1 .venv-prefect/bin/prefect server start --host 127.0.0.1 --port "$prefect_port" --no-ui \
    --analytics-off --no-services >.state/prefect.log 2>&1 &
pids+=($!)
jupyter_port=$(free_port)
token=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
# The kernel runs `python` from PATH: the environment's own, which has ipykernel.
PATH="$PWD/.venv-jupyter/bin:$PATH" JUPYTER_CONFIG_DIR="$PWD/.state/jupyter/config" \
    JUPYTER_DATA_DIR="$PWD/.state/jupyter/data" JUPYTER_RUNTIME_DIR="$PWD/.state/jupyter/runtime" \
    JUPYTER_PREFER_ENV_PATH=1 .venv-jupyter/bin/jupyter server --ServerApp.ip=127.0.0.1 \
    --ServerApp.port="$jupyter_port" --ServerApp.port_retries=0 --IdentityProvider.token="$token" \
    --ServerApp.open_browser=False --ServerApp.root_dir="$PWD/.state/jupyter/root" --ServerApp.allow_root=True \
    --ServerApp.terminals_enabled=True >.state/jupyter.log 2>&1 &
pids+=($!)
wait_for Prefect "http://127.0.0.1:$prefect_port/api/health" .state/prefect.log
wait_for jupyter-server "http://127.0.0.1:$jupyter_port/api/status" .state/jupyter.log "Authorization: token $token"
echo "   both answer after $((SECONDS - start)) s"

echo "== fetch the descriptions they serve"
curl -fsS "http://127.0.0.1:$prefect_port/api/openapi.json" -o Sources/PrefectRoundTrips/Prefect.openapi.json
curl -fsS -H "Authorization: token $token" "http://127.0.0.1:$jupyter_port/api/spec.yaml" \
    -o Sources/JupyterRoundTrips/Jupyter.openapi.yaml
prefect_operations=$(count_operations Sources/PrefectRoundTrips/Prefect.openapi.json)
jupyter_operations=$(count_operations Sources/JupyterRoundTrips/Jupyter.openapi.yaml)
echo "   Prefect: $prefect_operations operations; jupyter-server: $jupyter_operations"

echo "== the FastAPI app of the tests' fixtures serves its committed description"
fixture=../Tests/SpecsmithCoreTests/Fixtures/OpenAPI/fastapi-app
PYTHON=.venv-prefect/bin/python "$fixture/serve.sh" .state/fastapi-app.json >/dev/null
cmp -s .state/fastapi-app.json "$fixture/served.json" ||
    fail "$fixture/served.json is not what its app serves now; run its serve.sh and commit the change"
echo "   served.json is what FastAPI $(.venv-prefect/bin/python -c 'import fastapi; print(fastapi.__version__)') serves"

echo "== build the drivers (the build plugin generates both clients)"
build=$SECONDS
swift build >.state/build.log 2>&1 || { cat .state/build.log >&2; fail "the drivers did not build"; }
grep -E "warning:|error:" .state/build.log | grep -v "openapi\.\(json\|yaml\)" | sed 's/^/   /' || true
echo "   built in $((SECONDS - build)) s"
bin=$(swift build --show-bin-path)

echo "== Prefect's client reads as its authors named it (issue 58: FastAPI's descriptions)"
python3 - .build/plugins/outputs/realservers/PrefectRoundTrips <<'PY' || fail "Prefect's client has names FastAPI's rules should have made"
import pathlib, re, sys
files = list(pathlib.Path(sys.argv[1]).rglob("*.swift"))
swift = "".join(path.read_text() for path in files)
methods = {m for path in files if path.name.endswith("Client.swift")
           for m in re.findall(r"public func (\w+)\(", path.read_text())}
longest = max(methods, key=len)
bodies = re.findall(r"(?:struct|enum) (Body\w*)", swift)
mixed = sorted({c for c in re.findall(r"\n    case (\w+)", swift) if re.search(r"[a-z][A-Z]{2}", c)})
print(f"   {len(methods)} methods, the longest {longest} ({len(longest)} characters); "
      f"{len(bodies)} Body types; {len(mixed)} cases of mixed case")
sys.exit(0 if len(longest) <= 40 and not bodies and not mixed and len(methods) >= 150 else 1)
PY

echo "== round trips"
status=0
PREFECT_API_URL="http://127.0.0.1:$prefect_port/api" OPERATIONS=$prefect_operations "$bin/PrefectRoundTrips" || status=1
JUPYTER_URL="http://127.0.0.1:$jupyter_port" JUPYTER_TOKEN=$token OPERATIONS=$jupyter_operations \
    "$bin/JupyterRoundTrips" || status=1
[ "$status" = 0 ] || fail "a round trip failed (above)"
echo "== done in $((SECONDS - start)) s"
