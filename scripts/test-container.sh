#!/usr/bin/env bash
# The container image, tested as an operator runs it (.ci/run runs this after `npm test`):
#
#  0. checks compose.yaml against the Compose Specification (scripts/container/lint-compose.mjs);
#  1. builds the repository's Dockerfile (podman, `--format docker` to keep its HEALTHCHECK);
#  2. checks the image: it runs as `node`, has no compiler and no esbuild, and has a health check;
#  3. alone on SQLite (a named volume for /data): waits until its HEALTHCHECK passes, plays a
#     2-player game through it (scripts/container/play-game.ts) and restarts the container in the
#     middle: no acknowledged move may be lost;
#  4. as two containers on PostgreSQL and Redis (a database created for the run): the same game,
#     one player on each container, and the first container killed (SIGKILL) and started again
#     in the middle.
#
# Needs root (podman rootful), Debian's podman, and for step 4 POSTGRES_FOR_TESTS (a role that
# may create databases) and REDIS_FOR_TESTS, as .ci/run sets them; without them step 4 is
# skipped with a line saying so. A machine that reaches no image registry builds a stand-in for
# the Node base image first (scripts/container/stand-in-node-image.sh); CONTAINER_BASE=pull
# pulls the official one instead. CONTAINER_NO_CACHE=1 builds every layer again.
#
#   bash scripts/test-container.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's podman as it runs in CI's sandbox: runc, cgroupfs (no systemd), and the limits the
# sandbox allows.
podman=(podman --runtime runc --cgroup-manager cgroupfs)
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)
image=gangsta-server:test
solo_port="${CONTAINER_TEST_PORT:-18431}"
cluster_ports=("$((solo_port + 1))" "$((solo_port + 2))")
run_id="ct$$"
seconds() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.1f", b - a }'; }

need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v runc >/dev/null 2>&1 || need+=(runc)
if [ "${CONTAINER_BASE:-stand-in}" = stand-in ]; then
  command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
fi
if [ "${#need[@]}" -gt 0 ]; then
  echo "== container test: installing ${need[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

containers=()
volumes=()
database=""
# Each check counts as one test in CI's closing line (scripts/test-summary.mjs reads "N passed"
# and "N failed" at the start of a line); a failure stops the script.
passed=0
current=""
check() {
  current="$*"
  echo "== container test: $*"
}
pass() { passed=$((passed + 1)); }
cleanup() {
  local status=$?
  if [ "$status" -ne 0 ] && [ -n "$current" ]; then
    echo "  $passed passed (container)"
    echo "  1 failed (container: $current)"
  fi
  for container in "${containers[@]}"; do "${podman[@]}" rm -f -t 0 "$container" >/dev/null 2>&1 || true; done
  for volume in "${volumes[@]}"; do "${podman[@]}" volume rm -f "$volume" >/dev/null 2>&1 || true; done
  if [ -n "$database" ]; then
    psql "$POSTGRES_FOR_TESTS" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

# Prints a container's last log lines (the server logs JSON on stderr) when a step fails.
show_logs() {
  for container in "${containers[@]}"; do
    echo "--- last lines of $container:" >&2
    "${podman[@]}" logs --tail 30 "$container" >&2 2>&1 || true
  done
}

# Waits until the container's own HEALTHCHECK (GET /ready from inside it) passes.
wait_healthy() {
  local container="$1" started
  started="$(seconds)"
  for _ in $(seq 1 120); do
    if "${podman[@]}" healthcheck run "$container" >/dev/null 2>&1; then
      echo "   $container healthy after $(elapsed "$started") s"
      return 0
    fi
    if [ "$("${podman[@]}" inspect --format '{{.State.Running}}' "$container")" != true ]; then
      echo "$container stopped before it was healthy" >&2
      show_logs
      return 1
    fi
    sleep 0.5
  done
  echo "$container not healthy within 60 s" >&2
  show_logs
  return 1
}

play() {
  if ! node_modules/.bin/tsx scripts/container/play-game.ts; then
    show_logs
    return 1
  fi
}

total="$(seconds)"
check "compose.yaml against the Compose Specification"
node scripts/container/lint-compose.mjs
pass

check "the image builds"
if [ "${CONTAINER_BASE:-stand-in}" = stand-in ]; then
  started="$(seconds)"
  bash scripts/container/stand-in-node-image.sh
  echo "   base image ready in $(elapsed "$started") s"
fi
started="$(seconds)"
base_pull=--pull=never
[ "${CONTAINER_BASE:-stand-in}" = stand-in ] || base_pull=--pull=missing
# The build's `npm ci` reads the tarballs from this machine's npm cache (filled by .ci/run's own
# `npm ci`) instead of downloading them again; the Dockerfile does not know about it.
npm_cache=()
cache_dir="$(npm config get cache 2>/dev/null || true)"
if [ -n "$cache_dir" ] && [ -d "$cache_dir" ]; then npm_cache=(--volume "$cache_dir:/root/.npm"); fi
"${podman[@]}" build "$base_pull" "${npm_cache[@]}" ${CONTAINER_NO_CACHE:+--no-cache} --network host --format docker "${limits[@]}" \
  --build-arg "GIT_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
  --tag "$image" . >"${TMPDIR:-/tmp}/gangsta-image-build.log" 2>&1 || {
  tail -40 "${TMPDIR:-/tmp}/gangsta-image-build.log" >&2
  exit 1
}
echo "   built in $(elapsed "$started") s, $("${podman[@]}" image inspect --format '{{.Size}}' "$image" | awk '{ printf "%d MB", $1 / 1e6 }')"
pass

check "the image: user, no compiler, no esbuild, health check"
user="$("${podman[@]}" image inspect --format '{{.Config.User}}' "$image")"
[ "$user" = node ] || { echo "the image runs as '$user', not node" >&2; exit 1; }
health="$("${podman[@]}" image inspect --format '{{json .Config.Healthcheck}}' "$image")"
case "$health" in *"/ready"*) ;; *) echo "the image has no health check on /ready: $health" >&2; exit 1 ;; esac
"${podman[@]}" run --rm --pull=never --network none "${limits[@]}" "$image" sh -c '
  set -e
  [ "$(id -u)" = 1000 ] || { echo "runs as uid $(id -u)"; exit 1; }
  for tool in gcc g++ cc make python3; do
    if command -v "$tool" >/dev/null; then echo "the image has $tool"; exit 1; fi
  done
  if node -e "import(\"esbuild\").then(() => process.exit(0), () => process.exit(1))"; then
    echo "the image has esbuild"; exit 1
  fi
  test -f packages/server/dist/main.mjs && test -f packages/web/dist/index.html
  ! test -e packages/server/src
'
echo "   runs as node (uid 1000), no compiler, no esbuild, no sources; HEALTHCHECK on /ready"
pass

check "one container on SQLite, restarted mid-game"
started="$(seconds)"
volumes+=("$run_id-data")
"${podman[@]}" volume create "$run_id-data" >/dev/null
containers+=("$run_id-solo")
"${podman[@]}" run -d --pull=never --name "$run_id-solo" --network host "${limits[@]}" \
  -e PORT="$solo_port" -e HOST=127.0.0.1 -v "$run_id-data:/data" "$image" >/dev/null
wait_healthy "$run_id-solo"
GANGSTA_URLS="http://127.0.0.1:$solo_port" RESTART_AFTER=25 \
  RESTART_COMMAND="${podman[*]} restart -t 30 $run_id-solo >/dev/null" play
"${podman[@]}" run --rm --pull=never --network none "${limits[@]}" -v "$run_id-data:/data" \
  "$image" test -s /data/gangsta.sqlite || { echo "no database in the data volume" >&2; exit 1; }
"${podman[@]}" rm -f -t 30 "$run_id-solo" >/dev/null
echo "   done in $(elapsed "$started") s"
pass

if [ -z "${POSTGRES_FOR_TESTS:-}" ] || [ -z "${REDIS_FOR_TESTS:-}" ]; then
  echo "== container test: two containers on PostgreSQL and Redis SKIPPED (no POSTGRES_FOR_TESTS, REDIS_FOR_TESTS)"
else
  check "two containers on PostgreSQL and Redis, the first killed (SIGKILL) and started mid-game"
  started="$(seconds)"
  database="gangsta_container_$$"
  psql "$POSTGRES_FOR_TESTS" -qc "CREATE DATABASE $database" >/dev/null
  database_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$POSTGRES_FOR_TESTS" "$database")"
  urls=()
  for index in 0 1; do
    name="$run_id-cluster-$index"
    containers+=("$name")
    "${podman[@]}" run -d --pull=never --name "$name" --network host "${limits[@]}" \
      -e PORT="${cluster_ports[$index]}" -e HOST=127.0.0.1 \
      -e DATABASE_URL="$database_url" -e REDIS_URL="$REDIS_FOR_TESTS" -e REDIS_PREFIX="$run_id" \
      "$image" >/dev/null
    urls+=("http://127.0.0.1:${cluster_ports[$index]}")
  done
  wait_healthy "$run_id-cluster-0"
  wait_healthy "$run_id-cluster-1"
  # Killed, not stopped: what it acknowledged was committed first (docs/deploy.md).
  GANGSTA_URLS="${urls[0]},${urls[1]}" RESTART_AFTER=25 \
    RESTART_COMMAND="${podman[*]} kill --signal KILL $run_id-cluster-0 >/dev/null && ${podman[*]} start $run_id-cluster-0 >/dev/null" play
  echo "   done in $(elapsed "$started") s"
  pass
fi

current=""
echo "container test passed in $(elapsed "$total") s"
echo "  $passed passed (container)"
