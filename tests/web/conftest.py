"""Load the reference web server from examples/web (it is an example, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SERVER = Path(__file__).resolve().parents[2] / "examples" / "web" / "server.py"


def load_server() -> ModuleType:
    name = "boardrules_web_example"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SERVER)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def web() -> ModuleType:
    return load_server()
