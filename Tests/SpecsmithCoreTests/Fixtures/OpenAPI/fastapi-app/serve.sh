#!/usr/bin/env bash
# Serves app.py with uvicorn on loopback and writes the description FastAPI serves at /openapi.json into
# served.json, or the file named. Needs fastapi and uvicorn (RealServers/run.sh installs both with Prefect, and
# checks that served.json is what they serve):
#   PYTHON=RealServers/.venv-prefect/bin/python Tests/SpecsmithCoreTests/Fixtures/OpenAPI/fastapi-app/serve.sh
set -euo pipefail
output=$(realpath -m "${1:-$(dirname "$0")/served.json}")
python=${PYTHON:-python3}
# A path to a virtual environment's python stays that path (not its link's target) from the app's folder.
[[ $python == */* ]] && python=$(realpath -s "$python")
cd "$(dirname "$0")"
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$python" -m uvicorn app:app --host 127.0.0.1 --port "$port" --log-level warning &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    if description=$(curl -fsS "http://127.0.0.1:$port/openapi.json" 2>/dev/null); then
        printf '%s' "$description" | "$python" -m json.tool --indent 2 > "$output"
        echo "wrote $output: FastAPI $("$python" -c 'import fastapi; print(fastapi.__version__)')"
        exit 0
    fi
    sleep 0.2
done
echo "error: the app did not answer" >&2
exit 1
