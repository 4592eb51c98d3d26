"""The testing kit's conformance checks from a plain Python script, without a test runner.

``conformance(game)`` builds a class of properties for pytest to collect; each property is
also an ordinary method (Hypothesis runs its examples when it is called), so a script can
make one instance and call every ``test_`` method itself, say in a designer's notebook or a
build step that has no pytest. Two of the properties check that a refused action raises
with ``pytest.raises``, so they need the pytest *package* installed (not its runner); where
it is missing the script says which were not run and runs the rest.
Run: ``python examples/conformance_script.py [GAME] [--examples N]``.
"""

import argparse
import time

from hypothesis import HealthCheck, settings

import boardrules
from boardrules.testing import conformance


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="kuhn", help="a registered game")
    parser.add_argument("--examples", type=int, default=20, help="Hypothesis examples each")
    args = parser.parse_args()
    settings.register_profile("script", max_examples=args.examples, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("script")
    checks = conformance(boardrules.load(args.game))
    instance = checks()
    names = sorted(name for name in dir(checks) if name.startswith("test_"))
    failed, not_run = [], []
    for name in names:
        start = time.process_time()
        try:
            getattr(instance, name)()
        except ImportError as error:  # pytest.raises, where pytest is not installed
            if error.name != "pytest":
                raise
            not_run.append(name)
            print(f"not run  {name}: needs the pytest package (pytest.raises)")
        except Exception as error:  # a property that fails: say which, and go on
            failed.append(name)
            print(f"FAILED   {name}: {type(error).__name__}: {error}".splitlines()[0])
        else:
            print(f"ok       {name} ({time.process_time() - start:.1f} s CPU)")
    held = len(names) - len(failed) - len(not_run)
    print(f"{args.game}: {held} of {len(names)} properties hold, {len(failed)} failed, "
          f"{len(not_run)} not run")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
