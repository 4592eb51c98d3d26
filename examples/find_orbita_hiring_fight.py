"""«Орбита Добра»: find a hiring fight that ends in a seizure, then one a Hero shields,
instead of building them (orbita_hiring_fight.py builds both by hand).

The search plays seeded games toward the event asked for (ORB-12's seizure: the answering
structure shows the trump over the offer and keeps the units; ORB-15's shield) and shrinks
the game it finds.
Run: ``python examples/find_orbita_hiring_fight.py``.
"""

from boardrules import replay
from boardrules.explore import find
from boardrules.games import orbita

game = orbita.Game(rounds=3)
for event in ("offer_seized", "host_shielded"):
    found = find(game, event=event, seed=3, budget=60_000, setup={"players": 3})
    print(found.summary())
    assert found.record is not None
    states = replay(found.record, game)
    last = found.record.actions[-1]
    print(f"  the last move, by seat {game.to_move(states[-2])}: {game.describe_action(last)}")
    for line in game.render_text(states[-1]).splitlines()[:6]:
        print("  " + line)
