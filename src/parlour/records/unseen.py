"""A player's copy of a hand record, replayed with the cards it hides left unknown.

A server download (HAND-RECORD.md, CONTRACTS.md §2) writes every card its viewer never saw
as ``"??"``. The engine cannot play a hand without cards, but almost nothing in a hand
depends on which card lies in a place nobody saw: turn order, amounts, legal choices,
buys and upcards do not. What does is a comparison with a hidden hand in it: a Palace
battle or showdown fought with a palace the viewer never saw, an Americana hand mucked
at the showdown. So the replay fills the ``??`` places with the unseen cards (those of
the deck the copy never names) and searches for an arrangement under which the whole
record holds: every action legal, the hand ending exactly after the last, the outcome as
given, and no unseen card ever shown to everyone. Found: the record is consistent with
everything it shows, and every check that can be made was made. Not found: the record is
refused at the furthest action any arrangement reached, with the engine's reason.

A failure before any comparison with a hidden hand is the same under every arrangement,
so it is reported at once; otherwise the search is a local one (swapping a card of a
hidden hand the failure hangs on with another unseen card), bounded by a number of tries.
The report lists the checks made and, plainly, the ones that could not be made and why.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from parlour.cards import Card, format_cards, parse_card
from parlour.errors import RecordError, ShuffleError
from parlour.events import Event
from parlour.records.record import Record
from parlour.records.replay import Replay, Run, Step, play_through

#: Arrangements tried before a copy is refused (each is one replay of the hand).
TRIES: Final = 4000
#: Tries without getting further before the search starts again from a fresh arrangement.
RESTART: Final = 300
#: Events that compare hands: who they name may have played a card nobody showed.
_COMPARISONS: Final = frozenset({"battle_hand", "showdown_hand", "show", "muck"})


@dataclass
class Arrangement:
    """Where the unseen cards lie: ``order[i]`` fills the ``i``-th hidden place of a deal.

    The unseen cards are those the first shuffle hides; a later shuffle of exactly those
    cards (Palace's palace deck) is filled in the same order, so moving a card here moves
    it in the deal that matters. A shuffle of only some of them (a discard-pile reshuffle)
    is filled in card order: its unseen cards are never drawn, or they would be seen.
    """

    universe: tuple[Card, ...] = ()
    order: list[Card] = field(default_factory=list)

    def fill(self, hidden: list[Card]) -> list[Card]:
        """The unseen cards for a shuffle's hidden places, in place order."""
        if not self.universe:
            self.universe = tuple(hidden)
            self.order = list(hidden)
        return list(self.order) if tuple(hidden) == self.universe else hidden

    def swap(self, first: Card, second: Card) -> Arrangement:
        """A copy with two unseen cards trading places."""
        order = list(self.order)
        i, j = order.index(first), order.index(second)
        order[i], order[j] = order[j], order[i]
        return Arrangement(self.universe, order)

    def shuffled(self, rng: random.Random) -> Arrangement:
        """A copy with the unseen cards in a random order (a fresh start)."""
        order = list(self.order)
        rng.shuffle(order)
        return Arrangement(self.universe, order)


class FillingShuffler:
    """Hands back a copy's shuffles with the ``??`` places filled from an arrangement.

    Each shuffle is checked as far as it can be: as many places as cards being shuffled,
    every card it names among them; the hidden places take the rest.
    """

    def __init__(self, templates: Sequence[Sequence[Card | None]], arrangement: Arrangement):
        self.templates = templates
        self.arrangement = arrangement
        self.used = 0

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        number = self.used
        if number >= len(self.templates):
            raise ShuffleError(
                f"the record has {len(self.templates)} shuffle(s) but the hand needs another "
                f"(of {len(cards)} cards)"
            )
        template = self.templates[number]
        if len(template) != len(cards):
            raise ShuffleError(
                f"shuffle {number} has {len(template)} places for the {len(cards)} cards "
                "being shuffled"
            )
        pool = set(cards)
        known = [c for c in template if c is not None]
        foreign = [c for c in known if c not in pool]
        if foreign:
            raise ShuffleError(
                f"shuffle {number} lists {format_cards(foreign)}, not among the "
                f"{len(cards)} cards being shuffled"
            )
        hidden = iter(self.arrangement.fill(sorted(pool - set(known))))
        self.used += 1
        return [next(hidden) if c is None else c for c in template]

    @property
    def left_over(self) -> int:
        """How many shuffles of the record were never asked for."""
        return len(self.templates) - self.used


@dataclass(frozen=True, slots=True)
class Attempt:
    """One arrangement played through: how far it got, and what a failure hangs on."""

    arrangement: Arrangement
    run: Run
    error: RecordError | None
    progress: int
    blame: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Unseen:
    """What a player's copy leaves unknown, and what its replay could and could not check.

    ``cards`` stood in for the hidden places in this replay: they are unknown, and every
    consumer must write them as ``??``. ``viewers`` are the readers whose view the cards
    the copy shows are exactly (``None``: a spectator), when ``viewer_found``; otherwise
    the one reader whose view comes closest.
    """

    cards: frozenset[Card]
    viewers: tuple[int | None, ...]
    viewer_found: bool
    made: tuple[str, ...]
    not_made: tuple[str, ...]
    tries: int
    outcome_known: bool

    @property
    def viewer(self) -> int | None:
        """The reader to tell the hand as (the first of :attr:`viewers`)."""
        return self.viewers[0]


def replay_redacted(record: Record, tries: int = TRIES, seed: int = 0) -> Replay:
    """Replay a player's copy of a record; raises :class:`RecordError` when none fits.

    The error names the furthest action any arrangement of the unseen cards reached and
    the engine's reason there (HAND-RECORD.md's indexes), and says when the search, not a
    proof, is behind it.
    """
    _check_chips(record)
    rng = random.Random(seed)
    current = _attempt(record, Arrangement())
    best, count, stale = current, 1, 0
    while current.error is not None and current.blame and count < tries:
        if stale >= RESTART:
            candidate = _attempt(record, current.arrangement.shuffled(rng))
            stale = 0
        else:
            candidate = _attempt(record, _move(current, rng))
        count += 1
        if candidate.progress >= current.progress or rng.random() < 0.05:
            current = candidate
        if candidate.progress > best.progress:
            best, stale = candidate, 0
        else:
            stale += 1
    if current.error is None:
        return _found(record, current, count)
    raise _refusal(best, count)


def _check_chips(record: Record) -> None:
    """R-2, checked before any replay: a given outcome's stacks add up to the chips brought."""
    if record.outcome is None:
        return
    brought = sum(s.stack for s in record.seats)
    left = sum(record.outcome.stacks)
    if left != brought or len(record.outcome.stacks) != len(record.seats):
        raise RecordError(
            f"the given outcome's {len(record.outcome.stacks)} final stacks add up to {left}, "
            f"but the {len(record.seats)} seats brought {brought} chips (R-2)"
        )


def _attempt(record: Record, arrangement: Arrangement) -> Attempt:
    run = play_through(record, FillingShuffler(record.shuffles, arrangement))
    unseen = frozenset(arrangement.universe)
    error, step = run.error, _problem_step(run)
    shown = _shown_unseen(run.steps, unseen)
    if shown is not None and (step is None or shown[0] < step):
        step = shown[0]
        cards, kind = shown[1], shown[2]
        error = RecordError(
            f"this would show {format_cards(cards)} to everyone ({kind.replace('_', ' ')}), "
            "but the copy does not show it",
            step - 1,
        )
    actions = len(record.actions)
    progress = actions + 1 if error is None else (actions if step is None else step - 1)
    hidden = _hidden_seats(run.steps, unseen)
    last = len(run.steps) if step is None else step + 1
    blame = _blame(run.steps[:last], hidden) if error is not None else ()
    return Attempt(arrangement, run, error, progress, blame)


def _problem_step(run: Run) -> int | None:
    """The step (0: the start, ``i + 1``: action ``i``) a run's error belongs to."""
    error = run.error
    if error is None or error.index < 0:
        return None if error is None or run.hand is not None else 0
    return error.index + 1


def _shown_unseen(
    steps: Sequence[Step], unseen: frozenset[Card]
) -> tuple[int, tuple[Card, ...], str] | None:
    """The first step at which everyone would see an unseen card: a copy never hides those."""
    for number, step in enumerate(steps):
        for event in step.events:
            if event.audience is None:
                bad = tuple(c for c in _event_cards(event) if c in unseen)
                if bad:
                    return number, bad, event.kind
    return None


def _event_cards(event: Event) -> Iterable[Card]:
    yield from event.cards
    for item in event.to_dict().get("hands", []):  # the wire form: every event has one
        yield from (parse_card(str(c)) for c in item.get("cards", ()))


def _private(steps: Sequence[Step]) -> dict[int, set[Card]]:
    """Each seat's cards dealt for it alone (a hole card, a palace), by the start's events."""
    private: dict[int, set[Card]] = {}
    for event in steps[0].events if steps else ():
        if event.audience is not None and len(event.audience) == 1:
            (seat,) = event.audience
            private.setdefault(seat, set()).update(event.cards)
    return private


def _hidden_seats(steps: Sequence[Step], unseen: frozenset[Card]) -> dict[int, set[Card]]:
    """Seats whose private cards include unseen ones, with those cards."""
    return {seat: cards & unseen for seat, cards in _private(steps).items() if cards & unseen}


def _blame(steps: Sequence[Step], hidden: dict[int, set[Card]]) -> tuple[int, ...]:
    """Seats with hidden cards in comparisons up to a failure, the latest first."""
    seats: list[int] = []
    for step in reversed(steps):
        for event in step.events:
            seat = event.seat
            if event.kind in _COMPARISONS and seat in hidden and seat not in seats:
                seats.append(seat)
    return tuple(seats)


def _move(attempt: Attempt, rng: random.Random) -> Arrangement:
    """Swap an unseen card of a hidden hand the failure hangs on with another unseen card."""
    hidden = _hidden_seats(attempt.run.steps, frozenset(attempt.arrangement.universe))
    blame = attempt.blame
    seat = blame[0] if rng.random() < 0.6 else rng.choice(blame)
    mine = sorted(hidden[seat])
    dealt = set().union(*hidden.values())
    spare = [c for c in attempt.arrangement.universe if c not in dealt]
    others = [c for c in attempt.arrangement.universe if c not in hidden[seat]]
    pool = spare if spare and rng.random() < 0.5 else others
    if not pool:
        return attempt.arrangement.shuffled(rng)
    return attempt.arrangement.swap(rng.choice(mine), rng.choice(pool))


def _refusal(best: Attempt, tries: int) -> RecordError:
    error = best.error
    assert error is not None
    if not best.blame:
        return error  # the same under every arrangement of the unseen cards
    count = len(best.arrangement.universe)
    return RecordError(
        f"{error} (no arrangement of the {count} cards this copy does not show was found "
        f"under which the hand goes as recorded: {tries} tried; this is the furthest any got)",
        error.index,
    )


def _found(record: Record, attempt: Attempt, tries: int) -> Replay:
    run = attempt.run
    assert run.hand is not None
    unseen = frozenset(attempt.arrangement.universe)
    names = {s.seat: s.name or f"Seat {s.seat + 1}" for s in record.seats}
    hidden = _hidden_seats(run.steps, unseen)
    open_checks = _open_comparisons(run.steps, hidden, names)
    viewers, found = _viewer(run.steps, record, unseen)
    made = _made(record, open_checks=bool(open_checks))
    not_made = [
        f"Where each of the {len(unseen)} cards this copy does not show lay (the places "
        "marked ??) is unknown: each shuffle is checked as a permutation of the cards "
        "being shuffled, with those places filled by unseen cards, not card by card.",
        *open_checks,
    ]
    # A hidden battle in the last step decided the hand with nothing after it to tell the
    # winner; a mucked Americana hand never wins anything, so it leaves no doubt.
    last = run.steps[-1].events
    open_end = any(e.kind == "battle_hand" and e.seat in hidden for e in last)
    outcome_known = record.outcome is not None or not open_end
    if not outcome_known:
        not_made.append(
            "The record gives no outcome, and the one this replay reaches hangs on cards the "
            "copy does not show, so it is not the hand's outcome for certain."
        )
    info = Unseen(unseen, viewers, found, tuple(made), tuple(not_made), tries, outcome_known)
    return Replay(record, run.hand, run.steps, info)


def _made(record: Record, *, open_checks: bool) -> list[str]:
    brought = sum(s.stack for s in record.seats)
    made = [
        "The header: format, game, options, seats and button.",
        "Every shuffle has as many places as cards being shuffled, and every card it names "
        "is among them.",
        (
            "Every action is legal, in turn and of a legal size, under an arrangement of the "
            "unseen cards that keeps everything this copy shows."
            if open_checks
            else "Every action is legal, in turn and of a legal size: nothing in this hand "
            "depended on a card the copy does not show."
        ),
        "The hand ends exactly after the last action, and no shuffle is left over.",
        f"Chips are conserved: the {brought} chips brought are all in the final stacks.",
        "No card this copy hides would have been shown to everyone.",
    ]
    if record.outcome is not None:
        made.append("The given outcome (stacks, pots, returned chips) is the replay's.")
    return made


def _open_comparisons(
    steps: Sequence[Step], hidden: dict[int, set[Card]], names: dict[int, str]
) -> list[str]:
    """Sentences for the comparisons whose hands included cards the copy does not show."""
    lines: list[str] = []
    for number, step in enumerate(steps):
        where = "At the deal" if number == 0 else f"At action {number - 1}"
        battle = [e.seat for e in step.events if e.kind == "battle_hand" and e.seat is not None]
        unseen = [s for s in battle if s in hidden]
        if unseen:
            fought = " and ".join(names[s] for s in battle)
            whose = " and ".join(f"{names[s]}'s palace" for s in unseen)
            lines.append(
                f"{where}, the battle of {fought} was decided with {whose}, which this copy "
                "does not show: it is checked only that some unseen cards give the result "
                "the record goes on with (P-36 to P-39), not which cards did."
            )
        for event in step.events:
            if event.kind == "muck" and event.seat in hidden:
                lines.append(
                    f"{where}, {names[event.seat]} mucked at the showdown: that hole card is "
                    "not in this copy, so it is checked only that some unseen card loses to "
                    "a hand shown in every pot it could win (A-31)."
                )
    return lines


def _viewer(
    steps: Sequence[Step], record: Record, unseen: frozenset[Card]
) -> tuple[tuple[int | None, ...], bool]:
    """The readers (seats, ``None`` for a spectator) whose view the copy's known cards are.

    A reader who would have seen an unseen card is not the copy's viewer; of the others,
    those who saw exactly the cards the copy shows (several when their hidden cards were
    all shown), else the one who saw most of them (``False``: no exact match).
    """
    known = {c for order in record.shuffles for c in order if c is not None}
    exact: list[int | None] = []
    best: tuple[int, int | None] = (-1, None)
    for reader in [*(s.seat for s in record.seats), None]:
        seen = {
            c
            for step in steps
            for e in step.events
            if e.visible_to(reader)
            for c in _event_cards(e)
        }
        if seen & unseen:
            continue
        if seen == known:
            exact.append(reader)
        elif len(seen & known) > best[0]:
            best = (len(seen & known), reader)
    exact.sort(key=lambda r: r is not None)  # a spectator's view first: it tells least
    return (tuple(exact), True) if exact else ((best[1],), False)
