#!/usr/bin/env python3
"""Checks action.yml, the repository's composite action, which actionlint does not lint itself.

  check_action.py ACTION.yml              the structure (exit 1 with each problem listed)
  check_action.py --self-test ACTION.yml  the structure, and that the check finds each fault
                                          planted in a copy of it
  check_action.py ACTION.yml --as-workflow OUT.yml
                                          also writes its steps as a workflow job (each input a
                                          workflow_call input) for actionlint to lint: expressions,
                                          step ids, shell scripts

The structure GitHub requires is in https://docs.github.com/en/actions/sharing-automations/creating-actions/metadata-syntax-for-github-actions:
name, description, runs.using "composite", runs.steps, and `shell` on every step that has `run`.
The rest is this action's own contract (docs/ci.md): inputs reach scripts through env, never pasted
into them; the uploads run whatever the gate said; the last step raises the audit's status.
"""
import re
import sys

import yaml


def problems(action):
    found = []
    if not isinstance(action, dict):
        return ["the file is not a mapping"]
    for key in ("name", "description", "inputs", "runs"):
        if key not in action:
            found.append(f"missing top-level key '{key}'")
    inputs = action.get("inputs") or {}
    for name, spec in inputs.items():
        if not isinstance(spec, dict) or not spec.get("description"):
            found.append(f"input '{name}' has no description")
        elif not spec.get("required", False) and "default" not in spec:
            found.append(f"optional input '{name}' has no default")
    for name in ("contracts", "screenshots", "hierarchies", "density", "fail-on", "out", "args"):
        if name not in inputs:
            found.append(f"input '{name}' is missing")
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        found.append(f"runs.using is {runs.get('using')!r}, not 'composite'")
    steps = runs.get("steps") or []
    if not steps:
        found.append("runs.steps is empty")
    ids = set()
    used_inputs = set()
    for index, step in enumerate(steps):
        where = f"step {index + 1} ({step.get('name', 'unnamed')})"
        if "name" not in step:
            found.append(f"{where} has no name")
        if ("run" in step) == ("uses" in step):
            found.append(f"{where} needs exactly one of run and uses")
        if "run" in step:
            if step.get("shell") not in ("bash", "sh", "pwsh", "python", "cmd", "powershell"):
                found.append(f"{where} runs a script without a valid shell (composite steps need one)")
            if "${{" in step["run"]:
                found.append(f"{where} pastes an expression into its script: pass it through env")
        if "id" in step:
            ids.add(step["id"])
        text = yaml.safe_dump(step)
        used_inputs.update(re.findall(r"inputs\.([A-Za-z0-9_-]+)", text))
        for ref in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", text):
            if ref not in ids:
                found.append(f"{where} reads steps.{ref}, which no earlier step has as its id")
    for name in sorted(used_inputs - set(inputs)):
        found.append(f"input '{name}' is used but not declared")
    for name in sorted(set(inputs) - used_inputs):
        outputs_text = yaml.safe_dump(action.get("outputs") or {})
        if f"inputs.{name}" not in outputs_text:
            found.append(f"input '{name}' is declared but never used")
    uses = {step.get("uses", "").split("@")[0]: step for step in steps}
    for action_name in ("github/codeql-action/upload-sarif", "actions/upload-artifact"):
        step = uses.get(action_name)
        if step is None:
            found.append(f"no step uses {action_name}")
        elif "always()" not in str(step.get("if", "")):
            found.append(f"{action_name} does not run with always(): a failed gate would skip it")
    audit = next((s for s in steps if s.get("id") == "audit"), None)
    if audit is None or "--format" not in audit.get("run", "") or "github" not in audit.get("run", ""):
        found.append("no step with id 'audit' runs the audit with the github format")
    if steps:
        last = steps[-1]
        if "always()" not in str(last.get("if", "")) or 'exit "$' not in last.get("run", ""):
            found.append("the last step does not raise the audit's exit status (always(), exit \"$STATUS\")")
    return found


def as_workflow(action):
    """The action's steps as one job of a reusable workflow: its inputs become workflow_call
    inputs (strings), so that actionlint types `inputs.*` and checks every step."""
    call_inputs = {}
    for name, spec in (action.get("inputs") or {}).items():
        entry = {"description": spec.get("description", ""), "type": "string", "required": bool(spec.get("required", False))}
        if "default" in spec:
            entry["default"] = str(spec["default"])
        call_inputs[name] = entry
    return {
        "name": f"{action.get('name', 'action')} (steps of action.yml)",
        "on": {"workflow_call": {"inputs": call_inputs}},
        "permissions": {"contents": "read", "security-events": "write"},
        "jobs": {"action": {"runs-on": "ubuntu-24.04", "steps": action["runs"]["steps"]}},
    }


def self_test(action):
    """Each fault planted in a copy must be found: the check is not a check if it passes anything."""
    import copy
    steps = lambda a: a["runs"]["steps"]
    faults = {
        "no description": lambda a: a.pop("description"),
        "not composite": lambda a: a["runs"].update(using="node20"),
        "a run step without shell": lambda a: next(s for s in steps(a) if "run" in s).pop("shell"),
        "an expression in a script": lambda a: next(s for s in steps(a) if "run" in s).update(run="echo ${{ inputs.out }}"),
        "an upload without always()": lambda a: next(s for s in steps(a) if "upload-artifact" in s.get("uses", "")).update({"if": "success()"}),
        "no gate at the end": lambda a: steps(a).pop(),
        "an undeclared input": lambda a: a["inputs"].pop("out"),
        "a step id read before it is set": lambda a: next(s for s in steps(a) if s.get("id") == "audit").update(id="run"),
    }
    missed = []
    for name, plant in faults.items():
        broken = copy.deepcopy(action)
        plant(broken)
        if not problems(broken):
            missed.append(name)
    return [f"the check does not find {name}" for name in missed]


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        with open(argv[2], encoding="utf-8") as handle:
            action = yaml.safe_load(handle)
        found = problems(action) + self_test(action)
        for problem in found:
            print(f"{argv[2]}: {problem}", file=sys.stderr)
        if not found:
            print(f"{argv[2]}: the structure is valid, and the check finds every planted fault")
        return 1 if found else 0
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--as-workflow"):
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        action = yaml.safe_load(handle)
    found = problems(action)
    for problem in found:
        print(f"{argv[1]}: {problem}", file=sys.stderr)
    if found:
        return 1
    if len(argv) == 4:
        with open(argv[3], "w", encoding="utf-8") as handle:
            # PyYAML writes the key "on" quoted, as YAML 1.1 reads a bare on as true.
            yaml.safe_dump(as_workflow(action), handle, sort_keys=False, width=200)
    print(f"{argv[1]}: the structure is valid ({len(action['runs']['steps'])} steps)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
