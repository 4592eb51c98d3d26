"""A PettingZoo AEC environment for any game of the registry (extra ``pettingzoo``).

The game must offer ``vocabulary()`` (for the action encoding) and
``observe(view, seat) -> tuple[int, ...]`` with ``observation_size()`` (a fixed-size numeric
view of what the seat may see). Observations are ``{"observation", "action_mask"}`` as in
PettingZoo's classic games; at the end each winner gets +1 and every other seat −1.

>>> environment = env("semya")
>>> environment.reset(seed=3)
>>> sorted(environment.observe(environment.agent_selection))
['action_mask', 'observation']
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from boardrules.core.registry import load
from boardrules.core.rng import Rng
from boardrules.encoding import action_space_size, decode_action, legal_mask

__all__ = ["BoardRulesEnv", "env"]


class BoardRulesEnv(AECEnv):  # type: ignore[misc]
    """One boardrules game as an agent-environment-cycle environment."""

    # PettingZoo reads ``metadata`` per environment; each instance adds its own name.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: Any,
        setup: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.setup = dict(setup or {})
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"boardrules_{game.name}_v0"}
        probe = game.new(0, **self.setup)
        seats = len(game.score(probe))
        self.possible_agents = [f"seat_{s}" for s in range(seats)]
        self.agents = self.possible_agents[:]
        size = action_space_size(game)
        width = game.observation_size()
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1, high=127, shape=(width,), dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._seed = 0
        self.state = probe

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        view = self.game.view(self.state, seat)
        observation = np.array(self.game.observe(view, seat), dtype=np.int8)
        if self.game.to_move(self.state) == seat:
            mask = np.array(legal_mask(self.game, self.state), dtype=np.int8)
        else:
            mask = np.zeros(action_space_size(self.game), dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed = Rng.derive(self._seed, "pettingzoo", "reset").next()
        self.state = self.game.new(self._seed, **self.setup)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move(self.state)]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state = self.game.apply(self.state, decode_action(self.game, int(action)))  # type: ignore[arg-type]
        if self.game.is_over(self.state):
            winners = set(self.game.score(self.state).winners)
            for a in self.agents:
                self.rewards[a] = 1 if self._seat(a) in winners else -1
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0)
            self.agent_selection = self.possible_agents[self.game.to_move(self.state)]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return repr(self.state)
        return None

    def close(self) -> None:
        pass


def env(name: str, setup: dict[str, Any] | None = None, **options: Any) -> BoardRulesEnv:
    """The AEC environment of the registered game ``name`` with ``options``."""
    return BoardRulesEnv(load(name, **options), setup=setup)
