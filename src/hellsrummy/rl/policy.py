"""A trained policy as a bot: :class:`PolicyBot` plays wherever a bot plays.

A *policy* here is what reinforcement learning libraries train on the environments of this
package: a function from an observation and its action mask to one step id, ``policy(
observation, mask) -> step``. :class:`PolicyBot` asks it for the steps of a whole move, from
the observation the environment would give the seat (:func:`hellsrummy.rl.encode` of the
seat's view and the steps chosen so far) and the mask of
:meth:`hellsrummy.rl.MoveBuilder.of`, so a policy trained on
:class:`hellsrummy.rl.HellsRummySingleEnv` plays unchanged in :func:`hellsrummy.play_game`,
:func:`hellsrummy.simulate` and the duplicate-deal :func:`hellsrummy.compare`. Under
``DiscardPolicy.CLASSIC`` its ``call`` method answers call turns as the environment asks
them (the seat's calls and ``decline``).

:func:`masked_random` is the untrained baseline: a uniform choice among the steps the mask
allows, a pure function of its seed and the observation.

>>> from hellsrummy import RandomBot, play_game
>>> bot = PolicyBot(masked_random(seed=7))
>>> result = play_game([bot, RandomBot(seed=1), RandomBot(seed=2)], "doc", 0)
>>> len(result.totals), result.decisions > 0
(3, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from hellsrummy.errors import shown
from hellsrummy.game.actions import Action, CallRummy
from hellsrummy.play.calls import rummy_calls
from hellsrummy.rl.builder import MoveBuilder
from hellsrummy.rl.encoding import ACTION_SIZE, NEXT_PAGE, Decline, Move, step_name
from hellsrummy.rl.observation import Turn, encode_steps, encode_view
from hellsrummy.views.view import PlayerView

__all__ = ["MAX_MOVE_STEPS", "Policy", "PolicyBot", "masked_random"]

#: A policy: the step id it chooses for an observation and its action mask.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], "int | np.integer[Any]"]

#: The most steps :class:`PolicyBot` asks its policy for one move (a move takes far fewer).
MAX_MOVE_STEPS = 1000


@attrs.frozen
class PolicyBot:
    """A bot that plays ``policy``'s steps (see the module documentation).

    ``policy(observation, mask)`` returns one step id the mask allows; a step the mask
    forbids raises ``ValueError`` naming it, as does a move that takes more than
    :data:`MAX_MOVE_STEPS` steps. The bot is as pure as its policy: a deterministic policy
    makes a deterministic bot.

    >>> from hellsrummy import new_game, view
    >>> first_allowed = lambda observation, mask: int(mask.argmax())
    >>> PolicyBot(first_allowed)(view(new_game(3, seed=1), 1))
    Take()
    """

    policy: Policy = attrs.field(validator=attrs.validators.is_callable())

    def __call__(self, seen: PlayerView) -> Action:
        """The move ``policy`` builds for the seat to act, step by step."""
        if not isinstance(seen, PlayerView):
            raise TypeError(f"a bot sees only a PlayerView, got {shown(seen)}")
        if not seen.to_act:
            raise ValueError(f"seat {seen.seat} is not the seat to act")
        move = self._build(seen, MoveBuilder.of(seen), None)
        assert not isinstance(move, Decline)  # (only a call turn offers ``decline``)
        return move

    def call(self, seen: PlayerView) -> CallRummy | None:
        """The call ``policy`` makes on an open bad discard, or ``None`` when it declines.

        >>> from hellsrummy import new_game, view
        >>> PolicyBot(masked_random()).call(view(new_game(3, seed=1), 2)) is None  # no calls
        True
        """
        if not isinstance(seen, PlayerView):
            raise TypeError(f"a bot sees only a PlayerView, got {shown(seen)}")
        calls = rummy_calls(seen, seen.seat)
        if not calls:
            return None
        move = self._build(seen, MoveBuilder([*calls, Decline()]), Turn.CALL)
        if isinstance(move, Decline):
            return None
        assert isinstance(move, CallRummy)  # (the builder holds the calls and decline alone)
        return move

    def _build(self, seen: PlayerView, builder: MoveBuilder, turn: Turn | None) -> Move:
        # The view does not change while a move's steps are chosen: its encoding (per page of
        # table melds) is made once and the steps are added to a copy, as the environment does.
        pages: dict[int, npt.NDArray[np.float32]] = {}
        for _ in range(MAX_MOVE_STEPS):
            mask = builder.mask()
            steps = builder.prefix
            page = steps.count(NEXT_PAGE)
            base = pages.get(page)
            if base is None:
                base = pages[page] = encode_view(seen, page, turn)
            observation = base.copy()
            encode_steps(observation, steps)
            step = self.policy(observation, mask)
            if isinstance(step, bool) or not isinstance(step, (int, np.integer)):
                raise TypeError(f"a policy must return a step id (an int), got {shown(step)}")
            step = int(step)
            if not (0 <= step < ACTION_SIZE and mask[step]):
                shown_step = step_name(step) if 0 <= step < ACTION_SIZE else str(step)
                raise ValueError(
                    f"the policy chose step {step} ({shown_step}), which the mask forbids"
                    f" after steps {list(builder.prefix)} (seat {seen.seat})"
                )
            move = builder.step(step)
            if move is not None:
                return move
        raise ValueError(f"the policy took more than {MAX_MOVE_STEPS} steps for one move")


def masked_random(seed: int | str | bytes = 0) -> Policy:
    """A policy choosing uniformly among the steps ``mask`` allows: untrained play.

    The choice is a pure function of ``seed``, the observation and the mask (a hash of the
    three), so a game it plays replays exactly.

    >>> import numpy as np
    >>> policy = masked_random(seed=3)
    >>> mask = np.zeros(8, dtype=np.int8); mask[[2, 5]] = 1
    >>> observation = np.zeros(4, dtype=np.float32)
    >>> policy(observation, mask) in (2, 5), policy(observation, mask) == policy(observation, mask)
    (True, True)
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
        raise TypeError(f"seed must be an int, str or bytes, got {shown(seed)}")
    key = repr(seed).encode()

    def policy(
        observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
    ) -> int | np.integer[Any]:
        allowed = np.flatnonzero(mask)
        if not len(allowed):
            raise ValueError("the mask allows no step")
        digest = hashlib.blake2b(key, digest_size=8)
        digest.update(observation.tobytes())
        digest.update(np.asarray(mask, dtype=np.int8).tobytes())
        return int(allowed[int.from_bytes(digest.digest(), "big") % len(allowed)])

    return policy
