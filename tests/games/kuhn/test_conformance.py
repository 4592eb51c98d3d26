"""The generic random-simulation checks, applied to Kuhn poker first (as every game's are)."""

from hypothesis import strategies as st

from boardrules.core.rules import Rule
from boardrules.games import kuhn
from boardrules.testing import conformance, derived_variants, machine

GAME = kuhn.Game()
DEALS = st.permutations(list(kuhn.DECK)).map(lambda cards: (cards[0], cards[1]))
SETUPS = st.fixed_dictionaries({}, optional={"deal": DEALS})

TestKuhnConformance = conformance(GAME, SETUPS)
TestKuhnMachine = machine(GAME, SETUPS).TestCase
TestKuhnStakesConformance = conformance(kuhn.Game(ante=2, bet=3), SETUPS)

# Issue 16: a replaced end or score changes the game (Kuhn's units have no checks to vary).
TestKuhnDerivedVariants = derived_variants(GAME, SETUPS)
# The variant of docs/how-to/variants.md: the lower card takes the pot.
TestLowCardDerivedVariants = derived_variants(
    GAME.with_rules(replace={"KUHN-7": kuhn.rules.lowest_card_wins}, name="low-card"), SETUPS
)


def _must_bet(stakes: object, state: kuhn.State) -> str | None:
    return "must_bet" if not state.moves else None


# The variant of docs/how-to/add-a-game.md: an added rule makes the first seat bet.
TestForcedBetDerivedVariants = derived_variants(
    GAME.with_rules(
        add=[Rule("KUHN-9", "The first seat must bet.", "Первый игрок обязан ставить.",
                  checks={kuhn.Check: _must_bet})],
        name="forced-bet",
    ),
    SETUPS,
)
