#!/usr/bin/env python3
"""Runs conform's shipped CI integrations as a fresh runner would, and checks what they produce.

    python3 scripts/ci-local.py github    the example workflow (.github/workflows/conform.yml) with the
                                          composite Action (action.yml): build, four shards, merge
    python3 scripts/ci-local.py gitlab    the GitLab job (Docs/conform.gitlab-ci.yml): build, four
                                          shards, report, then the build job of a second pipeline
    python3 scripts/ci-local.py readme    the README's install paths: its two set-up commands are lines of
                                          .ci/run (which runs them from a clean clone), and the release
                                          binary is built, installed and run from a fresh clone
    python3 scripts/ci-local.py all       all three (what .ci/run does)

Each job starts from a fresh clone of the repository's committed HEAD, at the same path for every job
(as a runner's workspace is), with the environment and files a runner provides (GITHUB_ENV,
GITHUB_OUTPUT, GITHUB_STEP_SUMMARY; CI_NODE_INDEX and CI_NODE_TOTAL). The `run:` blocks and `script:`
lines are run as written; the few hosted actions the files use (checkout, cache, upload-artifact,
download-artifact) are played by small local stand-ins with the same effect on the files. The check
fails (exit 1) when a job fails, a report or the step summary is missing, the merged run does not count
every case of the corpus, conform is compiled more than once per pipeline, or a failing expectation does
not fail the gate. Exit 2 on bad usage.
"""
import fnmatch
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class CheckFailed(Exception):
    pass


def log(message):
    print(f"ci-local: {message}", flush=True)


def require(condition, message):
    if not condition:
        raise CheckFailed(message)


def fresh_clone(dest):
    """The committed HEAD, as a runner's checkout gives it."""
    if os.path.exists(dest):
        shutil.rmtree(dest)
    subprocess.run(["git", "clone", "-q", ROOT, dest], check=True)


def runner_environment(extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "CI_", "RUNNER_"))}
    env.update({"CI": "true"})
    env.update(extra)
    return env


def run_script(script, cwd, env, shell_args, label):
    """Runs one block of shell as a runner does; returns (exit code, output)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as handle:
        handle.write(script)
        path = handle.name
    try:
        started = time.monotonic()
        process = subprocess.run(["bash", *shell_args, path], cwd=cwd, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True)
        output = process.stdout
        log(f"  {label}: exit {process.returncode} in {time.monotonic() - started:.1f} s")
        for line in output.splitlines()[-12:]:
            print(f"      | {line}")
        return process.returncode, output
    finally:
        os.unlink(path)


def copy_into(source, dest):
    if os.path.isdir(source):
        shutil.copytree(source, dest, dirs_exist_ok=True, symlinks=True)
    else:
        os.makedirs(os.path.dirname(dest) or ".", exist_ok=True)
        shutil.copy2(source, dest)


def count_cases(results_file):
    with open(results_file) as handle:
        results = json.load(handle)
    return len(results["cases"])


def case_count_of_corpus(conform, workspace, corpus):
    """How many cases a whole, unsharded run of the corpus has."""
    out = os.path.join(workspace, ".ci-local-full")
    subprocess.run([conform, "run", corpus, "--output", out, "--format", "json"], cwd=workspace,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=runner_environment({}))
    return count_cases(os.path.join(out, "results.json"))


def write_broken_case(workspace, folder):
    """A one-case corpus whose expectation is not met: the gate must fail on it."""
    corpus = os.path.join(workspace, folder)
    os.makedirs(corpus, exist_ok=True)
    with open(os.path.join(corpus, "tag.xml"), "w") as handle:
        handle.write('<VAST version="4.2"><Ad id="1"><InLine><AdSystem>a</AdSystem><AdTitle>t</AdTitle>'
                     "</InLine></Ad></VAST>\n")
    with open(os.path.join(corpus, "tag.expect.json"), "w") as handle:
        json.dump({"version": 1, "verdict": "valid", "description": "an expectation that is not met"}, handle)


# ---------------------------------------------------------------------------------------------------
# GitHub Actions

class Expressions:
    """The part of GitHub's expression language the shipped files use: context lookups, string
    literals, ==, !=, !, &&, ||, parentheses and the status functions."""

    TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||!|\(|\))|"
                       r"(?P<name>[A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z_][A-Za-z0-9_\-]*)*)(?P<call>\(\))?)")

    def __init__(self, contexts, status):
        self.contexts = contexts
        self.status = status

    def lookup(self, dotted):
        value = self.contexts
        for part in dotted.split("."):
            if isinstance(value, dict) and part in value:
                value = value[part]
            else:
                return ""
        return value

    def evaluate(self, text):
        tokens, position = [], 0
        text = text.strip()
        while position < len(text):
            match = self.TOKEN.match(text, position)
            if not match or match.end() == position:
                raise CheckFailed(f"expression not understood: {text!r}")
            position = match.end()
            if match.group("str") is not None:
                tokens.append(("value", match.group("str")[1:-1].replace("''", "'")))
            elif match.group("num") is not None:
                tokens.append(("value", match.group("num")))
            elif match.group("op") is not None:
                tokens.append(("op", match.group("op")))
            elif match.group("call"):
                name = match.group("name")
                require(name in ("always", "success", "failure", "cancelled"), f"function {name}() not supported")
                tokens.append(("value", {"always": True, "success": self.status == "success",
                                         "failure": self.status == "failure", "cancelled": False}[name]))
            else:
                tokens.append(("value", self.lookup(match.group("name"))))
        value, rest = self._or(tokens)
        require(not rest, f"expression not understood: {text!r}")
        return value

    def _or(self, tokens):
        left, tokens = self._and(tokens)
        while tokens and tokens[0] == ("op", "||"):
            right, tokens = self._and(tokens[1:])
            left = left or right
        return left, tokens

    def _and(self, tokens):
        left, tokens = self._compare(tokens)
        while tokens and tokens[0] == ("op", "&&"):
            right, tokens = self._compare(tokens[1:])
            left = left and right
        return left, tokens

    def _compare(self, tokens):
        left, tokens = self._unary(tokens)
        while tokens and tokens[0] in (("op", "=="), ("op", "!=")):
            operator = tokens[0][1]
            right, tokens = self._unary(tokens[1:])
            equal = str(left).lower() == str(right).lower()
            left = equal if operator == "==" else not equal
        return left, tokens

    def _unary(self, tokens):
        require(tokens, "expression ends early")
        if tokens[0] == ("op", "!"):
            value, tokens = self._unary(tokens[1:])
            return not value, tokens
        if tokens[0] == ("op", "("):
            value, tokens = self._or(tokens[1:])
            require(tokens and tokens[0] == ("op", ")"), "unbalanced parentheses")
            return value, tokens[1:]
        require(tokens[0][0] == "value", f"unexpected {tokens[0][1]!r}")
        return tokens[0][1], tokens[1:]

    def substitute(self, value):
        if not isinstance(value, str):
            return value
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: self._text(self.evaluate(m.group(1))), value)

    @staticmethod
    def _text(value):
        if value is True:
            return "true"
        if value is False:
            return "false"
        return str(value)

    def condition(self, text):
        if text is None:
            return self.status == "success"
        text = str(text).strip()
        if text.startswith("${{") and text.endswith("}}"):
            text = text[3:-2]
        return bool(self.evaluate(text))


class GitHubRunner:
    """Plays .github/workflows/conform.yml with the composite action in action.yml."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.workspace = os.path.join(scratch, "workspace")
        self.artifacts = os.path.join(scratch, "artifacts")
        self.caches = os.path.join(scratch, "caches")
        self.logs = []

    # -- hosted actions, played locally ------------------------------------------------------------
    def hosted(self, uses, inputs, job):
        name = uses.split("@")[0]
        outputs = {}
        if name == "actions/checkout":
            pass  # the job starts in a fresh clone already
        elif name == "actions/cache":
            key, path = inputs["key"], inputs["path"]
            stored = os.path.join(self.caches, key)
            hit = os.path.isdir(stored)
            if hit:
                copy_into(stored, path)
            else:
                job["post"].append(lambda: (not os.path.isdir(stored)) and os.path.isdir(path)
                                   and copy_into(path, stored))
            outputs["cache-hit"] = "true" if hit else "false"
            log(f"  cache {key}: {'hit' if hit else 'miss'}")
        elif name == "actions/upload-artifact":
            files = []
            for pattern in str(inputs["path"]).split("\n"):
                if pattern.strip():
                    files += glob.glob(os.path.join(self.workspace, pattern.strip()), recursive=True)
            if not files:
                require(inputs.get("if-no-files-found", "warn") != "error", f"artifact {inputs['name']}: no files")
                return outputs
            base = os.path.join(self.artifacts, inputs["name"])
            for source in files:
                copy_into(source, os.path.join(base, os.path.relpath(source, self.workspace)))
        elif name == "actions/download-artifact":
            target = os.path.join(self.workspace, inputs.get("path", "."))
            for artifact in sorted(os.listdir(self.artifacts)):
                if fnmatch.fnmatch(artifact, inputs.get("pattern", "*")):
                    # Each artifact's files keep their paths below the least common folder, as v4 does.
                    files = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(self.artifacts, artifact)) for f in fs]
                    common = os.path.commonpath([os.path.dirname(f) for f in files])
                    for source in files:
                        copy_into(source, os.path.join(target, artifact, os.path.relpath(source, common)))
        else:
            raise CheckFailed(f"no local stand-in for {uses}")
        return outputs

    # -- steps ----------------------------------------------------------------------------------------
    def run_step(self, step, contexts, env, job, label, action_path=None):
        """Runs one step; returns (outcome, outputs)."""
        expressions = Expressions(contexts, job["status"])
        if not expressions.condition(step.get("if")):
            log(f"  {label}: skipped")
            return "skipped", {}
        step_env = dict(env)
        step_env.update({k: str(expressions.substitute(v)) for k, v in (step.get("env") or {}).items()})
        if "uses" in step:
            inputs = {k: expressions.substitute(v) for k, v in (step.get("with") or {}).items()}
            if step["uses"] == "./":
                return self.composite(inputs, contexts, step_env, job, label)
            return "success", self.hosted(step["uses"], inputs, job)
        files = {name: os.path.join(self.scratch, f"{name}.{len(self.logs)}") for name in ("GITHUB_OUTPUT",)}
        for path in files.values():
            open(path, "w").close()
        step_env.update(files)
        step_env.update({"GITHUB_ENV": job["env_file"], "GITHUB_STEP_SUMMARY": job["summary_file"]})
        if action_path:
            step_env["GITHUB_ACTION_PATH"] = action_path
        cwd = os.path.join(self.workspace, expressions.substitute(step.get("working-directory", ".")))
        code, output = run_script(expressions.substitute(step["run"]), cwd, step_env,
                                  ["--noprofile", "--norc", "-eo", "pipefail"], label)
        self.logs.append(output)
        outputs = {}
        with open(files["GITHUB_OUTPUT"]) as handle:
            for line in handle:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    outputs[key] = value
        return ("success" if code == 0 else "failure"), outputs

    def composite(self, inputs, outer_contexts, env, job, label):
        with open(os.path.join(self.workspace, "action.yml")) as handle:
            action = yaml.safe_load(handle)
        values = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
        values.update({k: str(v) for k, v in inputs.items()})
        steps = {}
        status = "success"
        for index, step in enumerate(action["runs"]["steps"]):
            contexts = {"inputs": values, "steps": steps, "env": self.job_env(env, job),
                        "github": dict(outer_contexts["github"], action_path=self.workspace)}
            inner = dict(job, status=status)
            outcome, outputs = self.run_step(step, contexts, self.job_env(env, job), inner,
                                             f"{label} / {step.get('name', step.get('uses', index))}",
                                             action_path=self.workspace)
            if "id" in step:
                steps[step["id"]] = {"outputs": outputs, "outcome": outcome, "conclusion": outcome}
            if outcome == "failure":
                status = "failure"
        final = {"inputs": values, "steps": steps, "github": outer_contexts["github"]}
        outputs = {name: Expressions(final, status).substitute(spec["value"])
                   for name, spec in (action.get("outputs") or {}).items()}
        return status, outputs

    def job_env(self, env, job):
        """The environment with what earlier steps wrote to GITHUB_ENV."""
        merged = dict(env)
        with open(job["env_file"]) as handle:
            for line in handle:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    merged[key] = value
        return merged

    def run_job(self, name, spec, workflow, matrix):
        label = name + (f" {matrix}" if matrix else "")
        log(f"job {label}")
        fresh_clone(self.workspace)
        job = {"status": "success", "post": [], "env_file": os.path.join(self.scratch, f"env-{label}"),
               "summary_file": os.path.join(self.scratch, f"summary-{label}".replace(" ", "_"))}
        for path in (job["env_file"], job["summary_file"]):
            open(path, "w").close()
        base_env = runner_environment({"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": self.workspace,
                                       "RUNNER_TEMP": os.path.join(self.scratch, "tmp")})
        os.makedirs(base_env["RUNNER_TEMP"], exist_ok=True)
        workflow_env = {k: str(v) for k, v in (workflow.get("env") or {}).items()}
        base_env.update(workflow_env)
        steps = {}
        for index, step in enumerate(spec["steps"]):
            contexts = {"env": self.job_env(base_env, job), "matrix": matrix or {}, "steps": steps,
                        "github": {"workspace": self.workspace, "action_path": self.workspace}}
            outcome, outputs = self.run_step(step, contexts, self.job_env(base_env, job), job,
                                             f"{label} / {step.get('name', step.get('uses', index))}")
            conclusion = "success" if outcome == "failure" and step.get("continue-on-error") else outcome
            if "id" in step:
                steps[step["id"]] = {"outputs": outputs, "outcome": outcome, "conclusion": conclusion}
            if conclusion == "failure":
                job["status"] = "failure"
        if job["status"] == "success":
            for post in job["post"]:
                post()
        with open(job["summary_file"]) as handle:
            summary = handle.read()
        log(f"job {label}: {job['status']}")
        return {"status": job["status"], "steps": steps, "summary": summary}

    def run_workflow(self):
        fresh_clone(self.workspace)
        with open(os.path.join(self.workspace, ".github", "workflows", "conform.yml")) as handle:
            workflow = yaml.safe_load(handle)
        results = {}
        for name, spec in workflow["jobs"].items():
            needs = spec.get("needs", [])
            needs = [needs] if isinstance(needs, str) else needs
            for need in needs:
                require(need in results, f"job {name} needs {need}, which has not run before it")
            upstream_ok = all(r["status"] == "success" for need in needs for r in results[need])
            expressions = Expressions({}, "success" if upstream_ok else "failure")
            if not expressions.condition(spec.get("if")):
                log(f"job {name}: skipped")
                results[name] = []
                continue
            matrices = [None]
            if "strategy" in spec:
                (key, values), = spec["strategy"]["matrix"].items()
                matrices = [{key: value} for value in values]
            results[name] = [self.run_job(name, spec, workflow, matrix) for matrix in matrices]
        return workflow, results


def check_github(scratch):
    runner = GitHubRunner(scratch)
    workflow, results = runner.run_workflow()
    for name, runs in results.items():
        require(runs, f"job {name} did not run")
        for run in runs:
            require(run["status"] == "success", f"job {name} failed")
    builds = sum(output.count("ci-build: building") for output in runner.logs)
    reuses = sum(output.count("ci-build: reusing") for output in runner.logs)
    require(builds == 1, f"conform was compiled {builds} times in one workflow run (expected once)")
    require(reuses == len(results["shard"]) + len(results["merge"]),
            f"the shards and the merge restored the build {reuses} times")
    for run in results["shard"]:
        require(run["steps"]["conform"]["outputs"].get("exit-code") == "0", "a shard's exit-code output is not 0")
    merge = results["merge"][0]
    require("conform" in merge["summary"] and "|" in merge["summary"], "the merge job wrote no Markdown summary")
    reports = os.path.join(runner.workspace, "Reports")
    for name in ("report.html", "report.md", "junit.xml", "results.sarif", "results.json"):
        require(os.path.isfile(os.path.join(reports, name)), f"the merge job wrote no {name}")
    for name in ("report.html", "report.md", "junit.xml", "results.sarif", "results.json"):
        require(os.path.isfile(os.path.join(runner.artifacts, "conform-report", "Reports", name)),
                f"{name} was not uploaded")
    conform = os.path.join(runner.workspace, ".conform-cache", "conform")
    merged = count_cases(os.path.join(reports, "results.json"))
    whole = case_count_of_corpus(conform, runner.workspace, workflow["env"]["CORPUS"])
    require(merged == whole, f"the merged shards hold {merged} cases, the whole corpus {whole}")
    shards = sum(count_cases(p) for p in glob.glob(os.path.join(runner.workspace, "shards", "*", "results.json")))
    require(shards == whole, f"the shards hold {shards} cases together, the whole corpus {whole}")
    log(f"github: build once, {len(results['shard'])} shards, merge: {merged} cases, every report written")

    # The gate fails on an unmet expectation, and still writes its summary.
    write_broken_case(runner.workspace, "broken-corpus")
    job = {"status": "success", "post": [], "env_file": os.path.join(scratch, "env-gate"),
           "summary_file": os.path.join(scratch, "summary-gate")}
    for path in (job["env_file"], job["summary_file"]):
        open(path, "w").close()
    env = runner_environment({"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": runner.workspace})
    contexts = {"env": env, "matrix": {}, "steps": {}, "github": {"workspace": runner.workspace}}
    outcome, outputs = runner.run_step({"uses": "./", "with": {"corpus": "broken-corpus", "output": "broken-out"}},
                                       contexts, env, job, "gate on a failing corpus")
    require(outcome == "failure", "the Action passed a corpus whose expectation is not met")
    require(outputs.get("exit-code") == "1", f"the Action's exit-code output was {outputs.get('exit-code')!r}, not 1")
    with open(job["summary_file"]) as handle:
        require("tag.xml" in handle.read(), "the failing run's step summary does not name the failing case")
    log("github: a corpus with an unmet expectation fails the gate (exit-code 1) and is named in the summary")


# ---------------------------------------------------------------------------------------------------
# GitLab CI

def check_gitlab(scratch):
    workspace = os.path.join(scratch, "project")
    caches = os.path.join(scratch, "caches")
    artifacts = os.path.join(scratch, "artifacts")
    fresh_clone(workspace)
    with open(os.path.join(workspace, "Docs", "conform.gitlab-ci.yml")) as handle:
        pipeline = yaml.safe_load(handle)
    stages = pipeline["stages"]
    variables = {k: str(v) for k, v in (pipeline.get("variables") or {}).items()}
    jobs = {name: spec for name, spec in pipeline.items() if isinstance(spec, dict) and "script" in spec}
    logs = {}

    def run_job(name, spec, index=None, total=None):
        label = name + (f" {index}/{total}" if index else "")
        fresh_clone(workspace)
        for need in spec.get("needs", []):
            stored = os.path.join(artifacts, need)
            if os.path.isdir(stored):
                copy_into(stored, workspace)
        cache = spec.get("cache")
        if cache and os.path.isdir(os.path.join(caches, cache["key"])):
            copy_into(os.path.join(caches, cache["key"]), workspace)
        env = runner_environment(dict(variables, GITLAB_CI="true", CI_PROJECT_DIR=workspace, CI_JOB_NAME=name))
        if index:
            env.update(CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(total))
        script = "\n".join(["set -eo pipefail", *spec.get("before_script", []), *spec["script"]]) + "\n"
        code, output = run_script(script, workspace, env, ["--noprofile", "--norc"], label)
        logs.setdefault(name, []).append(output)
        if cache:
            for path in cache["paths"]:
                if os.path.exists(os.path.join(workspace, path)):
                    copy_into(os.path.join(workspace, path), os.path.join(caches, cache["key"], path))
        for path in (spec.get("artifacts") or {}).get("paths", []):
            for source in glob.glob(os.path.join(workspace, path)):
                copy_into(source, os.path.join(artifacts, name, os.path.relpath(source, workspace)))
        return code

    codes = {}
    for stage in stages:
        for name, spec in jobs.items():
            if spec.get("stage") != stage:
                continue
            log(f"job {name}")
            total = spec.get("parallel")
            codes[name] = [run_job(name, spec, i, total) for i in range(1, total + 1)] if total else [run_job(name, spec)]
    for name, results in codes.items():
        require(all(code == 0 for code in results), f"GitLab job {name} failed: exits {results}")
    builds = sum(out.count("ci-build: building") for outs in logs.values() for out in outs)
    require(builds == 1, f"conform was compiled {builds} times in one pipeline (expected once)")
    reports = os.path.join(workspace, "Reports")
    for name in ("report.html", "report.md", "junit.xml", "results.json"):
        require(os.path.isfile(os.path.join(reports, name)), f"conform:report wrote no {name}")
    report_log = logs["conform:report"][0]
    require("| " in report_log, "conform:report printed no Markdown report")
    conform = os.path.join(workspace, "conform-bin", "conform")
    merged = count_cases(os.path.join(reports, "results.json"))
    whole = case_count_of_corpus(conform, workspace, variables["CORPUS"])
    require(merged == whole, f"the merged shards hold {merged} cases, the whole corpus {whole}")
    log(f"gitlab: build once, {len(codes['conform:shard'])} shards, report: {merged} cases")

    # A second pipeline with nothing changed restores the build from the cache instead of compiling.
    log("job conform:build (second pipeline)")
    code = run_job("conform:build", jobs["conform:build"])
    require(code == 0, "the second pipeline's build job failed")
    require("ci-build: reusing" in logs["conform:build"][-1], "the second pipeline compiled conform again")
    log("gitlab: the second pipeline reused the cached build")


# ---------------------------------------------------------------------------------------------------
# README install paths

def readme_blocks(text):
    """The shell code blocks of the README's set-up section, in order."""
    section = text.split("## Set-up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def commands_of(block):
    return [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def check_readme(scratch):
    workspace = os.path.join(scratch, "clone")
    fresh_clone(workspace)
    with open(os.path.join(workspace, "README.md")) as handle:
        blocks = readme_blocks(handle.read())
    require(len(blocks) >= 2, "the README's set-up section has no main-job and release-binary blocks")
    # The two set-up commands (the main job, the tests) are lines of .ci/run, which runs them from a clean clone.
    with open(os.path.join(workspace, ".ci", "run")) as handle:
        ci = handle.read().splitlines()
    for command in commands_of(blocks[0]):
        require(command in ci, f"the README's set-up command ({command}) is not a line of .ci/run")
    env = runner_environment({})

    # The release binary, installed into a folder of this check's instead of /usr/local/bin.
    prefix = os.path.join(scratch, "bin")
    os.makedirs(prefix)
    release = [c.replace("/usr/local/bin", prefix) for c in commands_of(blocks[1])]
    code, _ = run_script("\n".join(release) + "\n", workspace, env, ["--noprofile", "--norc", "-eo", "pipefail"],
                         "README: the release binary")
    require(code == 0, "the README's release-binary commands failed")
    conform = os.path.join(prefix, "conform")
    linked = subprocess.run(["ldd", conform], stdout=subprocess.PIPE, text=True).stdout
    require("libswiftCore" not in linked and "libFoundation" not in linked,
            "the release binary still loads the Swift runtime from the toolchain")
    out = os.path.join(scratch, "release-run")
    run = subprocess.run([conform, "run", os.path.join(workspace, "Corpus"), "--output", out, "--format", "json"],
                         env=dict(env, PATH="/usr/bin:/bin"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    require(run.returncode == 0, f"the release binary's corpus run failed: {run.stderr[-500:]}")
    log("readme: the release binary (Swift runtime linked in) runs the shipped corpus green without a toolchain on PATH")


def main(argv):
    checks = {"github": check_github, "gitlab": check_gitlab, "readme": check_readme}
    if len(argv) != 1 or argv[0] not in (*checks, "all"):
        print(__doc__, file=sys.stderr)
        return 2
    chosen = list(checks) if argv[0] == "all" else [argv[0]]
    scratch = tempfile.mkdtemp(prefix="conform-ci-")
    try:
        for name in chosen:
            started = time.monotonic()
            os.makedirs(os.path.join(scratch, name))
            checks[name](os.path.join(scratch, name))
            log(f"{name}: passed in {time.monotonic() - started:.0f} s")
    except CheckFailed as failure:
        log(f"FAILED: {failure}")
        return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
