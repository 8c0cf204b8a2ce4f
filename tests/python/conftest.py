"""Shared fixtures: the CLI and the sample profiles the build simulated (paths from ctest's
environment: POPSCOPE_CLI, POPSCOPE_PROFILES; PYTHONPATH points at build/release/python)."""
import json
import os
import subprocess

import pytest

CLI = os.environ.get("POPSCOPE_CLI", "build/release/src/cli/popscope-cli")
PROFILES = os.environ.get("POPSCOPE_PROFILES", "build/release/profiles")
# Lean but varied: two IPUs with operations, a pipeline over four IPUs, a sort across tiles,
# I/O tiles, replicas.
SAMPLES = ["demo", "batch-4", "pipeline-grouped", "sort-bitonic", "io-tiles-64", "replicas-4"]


def profile(name):
    return os.path.join(PROFILES, name + ".pop")


def run_cli(*args, expect=0):
    done = subprocess.run([CLI, *args], capture_output=True, text=True)
    assert done.returncode == expect, f"popscope-cli {' '.join(args)}: {done.returncode}\n{done.stderr}"
    return done.stdout


def cli_json(*args):
    return json.loads(run_cli(*args, "--json"))


_exports = {}


def exported(name, tmp_dir):
    """The profile in the JSON interchange form, as `popscope-cli export` writes it."""
    if name not in _exports:
        out = os.path.join(tmp_dir, name + ".json")
        run_cli("export", profile(name), "-o", out)
        with open(out) as f:
            _exports[name] = json.load(f)
    return _exports[name]


@pytest.fixture(scope="session")
def export_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("exports"))


@pytest.fixture(params=SAMPLES)
def sample(request):
    return request.param
