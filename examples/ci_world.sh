#!/bin/sh
# A non-Python CI job against a shared `fleet mock serve`: a world of its own, a fault, a
# verification, and the world deleted at the end. Needs only sh and curl.
#
#   FLEET_MOCK_URL=http://127.0.0.1:8765 CI_JOB_ID=42 sh examples/ci_world.sh
set -eu

base="${FLEET_MOCK_URL:-http://127.0.0.1:8765}"
world="job-${CI_JOB_ID:-local}"

# Every request names the job's world: other jobs on the server never see it.
call() { # call PATH JSON
    curl -sS -X POST -H "X-Mock-World: $world" -H "Content-Type: application/json" \
        -d "$2" "$base/$1"
}

call __mock__/reset '' >/dev/null
session=$(call user/auth '{"login": "demo", "password": "demo"}' |
    sed -n 's/.*"hash":"\([0-9a-f]*\)".*/\1/p')
test -n "$session" || { echo "login failed" >&2; exit 1; }

# The next tracker/list answers 503 once, as an outage would.
call __mock__/faults '{"path": "tracker/list", "status": 503, "times": 1}' >/dev/null
first=$(curl -sS -o /dev/null -w '%{http_code}' -X POST -H "X-Mock-World: $world" \
    -H "Content-Type: application/json" -d "{\"hash\": \"$session\"}" "$base/tracker/list")
test "$first" = 503 || { echo "expected 503, got $first" >&2; exit 1; }
call tracker/list "{\"hash\": \"$session\"}" | grep -q '"success":true'

# The job's own work, then a check that the mock received it.
call task/assign "{\"hash\": \"$session\", \"task_id\": 1, \"tracker_id\": 1}" |
    grep -q '"success":true'
call __mock__/verify '{"path": "task/assign", "body": {"task_id": 1}, "count": 1}' |
    grep -q '"matched":true' || { echo "task/assign was not received" >&2; exit 1; }

curl -sS -X DELETE "$base/__mock__/worlds/$world" >/dev/null
echo "world $world: outage retried, task assigned and verified"
