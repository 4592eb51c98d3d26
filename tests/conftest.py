"""Hypothesis profiles: ``dev`` (fast, the default), ``ci`` (thorough), ``nightly`` (many).

Choose one with ``HYPOTHESIS_PROFILE=ci`` (``make test`` does) or ``--hypothesis-profile``.
"""

import os

from hypothesis import HealthCheck, settings

_common = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
settings.register_profile("dev", max_examples=25, **_common)
settings.register_profile("ci", max_examples=150, derandomize=False, print_blob=True, **_common)
settings.register_profile("nightly", max_examples=2000, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
