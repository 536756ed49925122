#!/usr/bin/env bash
# One fresh-venv install of govern, timed: benchmarks/install.md.
#   benchmarks/install.sh cold   the action's install step, nothing cached (downloads every wheel)
#   benchmarks/install.sh warm   the same step after a cache hit (wheels restored, --no-index)
#   benchmarks/install.sh plain  `pip install --no-cache-dir .`, as a workflow without the action
# Prints "<mode> <seconds>". Run from the repository root with a Python that has PyYAML.
set -euo pipefail
mode=$1
repo=$(pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# no pip configuration, no find-links and an empty cache: what a fresh runner has
export PIP_CONFIG_FILE=/dev/null PIP_CACHE_DIR="$root/pip-cache"
unset PIP_FIND_LINKS PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_CONSTRAINT
python3 -c 'import sys, yaml
steps = yaml.safe_load(open("action.yml"))["runs"]["steps"]
sys.stdout.write(next(s["run"] for s in steps if s.get("name") == "Install govern"))' \
  > "$root/install.sh"
export RUNNER_OS=Linux GITHUB_ACTION_PATH="$repo" GOVERN_PYTHON=python3 \
  GOVERN_VENV="$root/venv" GOVERN_WHEELS="$root/wheels" GITHUB_OUTPUT="$root/out" \
  GOVERN_WHEELS_CACHED=
if [ "$mode" = warm ]; then  # what actions/cache restores: the wheels a cold run downloaded
  python3 -m pip wheel --quiet --require-hashes --wheel-dir "$GOVERN_WHEELS" \
    -r requirements.lock
  GOVERN_WHEELS_CACHED=true
fi
start=$(date +%s.%N)
if [ "$mode" = plain ]; then
  python3 -m venv "$root/venv"
  "$root/venv/bin/python" -m pip install --quiet --no-cache-dir "$repo"
else
  bash --noprofile --norc -eo pipefail "$root/install.sh" > /dev/null
fi
end=$(date +%s.%N)
echo "$mode $(python3 -c "print(round($end - $start, 1))")"
