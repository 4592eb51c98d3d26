"""A plain, mutable 7Я written straight from rules SEM-1..SEM-10, independently of the engine.

It serves twice: as the oracle of the differential test (``test_against_plain.py``) and as
the baseline of ``benchmarks/playouts.py``. Moves are tuples: ``("card", id)``,
``("lord", symbol)``, ``("fool",)``; symbols are strings.
"""

from __future__ import annotations

SYMBOLS = ("sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn")
OPENING = "opening"
ANY = "any"


class PlainSemya:
    """One game; ``deck`` is a list of ``(id, start, end, white, points)``."""

    def __init__(self, deck: list[tuple[str, str, str, bool, int]], first: int) -> None:
        self.start = {c[0]: c[1] for c in deck}
        self.end = {c[0]: c[2] for c in deck}
        self.white = {c[0]: c[3] for c in deck}
        self.points = {c[0]: c[4] for c in deck}
        self.hands = [[c[0] for c in deck], [c[0] for c in deck]]
        self.trump = ["held", "held"]
        self.turn = first
        self.need = OPENING
        self.loser: int | None = None

    def legal(self) -> list[tuple[str, ...]]:
        if self.loser is not None:
            return []
        hand = self.hands[self.turn]
        held = self.trump[self.turn] == "held"
        if self.need == OPENING:
            return [("card", c) for c in hand]
        if self.need == ANY:
            moves = [("card", c) for c in hand]
            if held:
                moves += [("lord", s) for s in SYMBOLS]
            return moves
        moves = [("card", c) for c in hand if self.start[c] == self.need]
        if not moves and held:
            moves = [("fool",)]
        return moves

    def play(self, move: tuple[str, ...]) -> None:
        if move not in self.legal():
            raise ValueError(f"illegal move {move}")
        seat = self.turn
        if move[0] == "card":
            self.hands[seat].remove(move[1])
            self.need = self.end[move[1]] if self.white[move[1]] else ANY
        elif move[0] == "lord":
            self.trump[seat] = "lord"
            self.need = move[1]
        else:
            self.trump[seat] = "fool"
            self.need = ANY
        self.turn = 1 - seat
        if not self.legal():
            self.loser = self.turn

    def score(self) -> list[int]:
        return [
            sum(self.points[c] for c in self.hands[s]) + (-1 if self.trump[s] == "fool" else 0)
            for s in (0, 1)
        ]
