"""A progress bar with games per second for long studies (rich; extra ``cli`` or ``report``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["progress_bar"]


@contextmanager
def progress_bar(
    description: str, total: int, console: Any = None
) -> Iterator[Callable[[int], None]]:
    """A ``progress`` callback for :func:`~boardrules.sim.simulate` that draws a bar.

    The bar shows games done, the total and games per second, and disappears when the study
    ends; on a console that is not a terminal it draws nothing.

    >>> with progress_bar("semya", 10) as tick:
    ...     tick(10)
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = console or Console(stderr=True)
    start = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(description, total=total, rate="…")

        def tick(done: int) -> None:
            rate = done / max(time.perf_counter() - start, 1e-9)
            progress.update(task, completed=done, rate=f"{rate:,.0f}")

        yield tick
