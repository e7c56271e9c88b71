"""A game by link on one device: what it knows (the ``link`` part of its save), the link it sends,
and how it takes a link in.

Each link is one message of the game's transcript: its number, the hash of every message before
it (so two devices that agree on the hash agree on the whole game), its sender's new moves and
their share of the chance (``chance.py``). A device takes a link only when it is the next message
of the game it holds, from the player who owes it, with moves the rules allow in turn and chance
that is the one promised; anything else is refused in one line and changes nothing.

A game with hidden cards also carries, in each link, the sender's shares of the cards the
other has drawn and the cards of theirs the rules turned up; at the game's end each player shows
their secret and each device checks the whole game (``cards.py``, ``audit``).

Three or four players (``RING_GAMES``) pass their links round the table in seat order: each
message is written by the next seat in turn, and a link carries every message its receiver has
not seen (``recent``), each sealed by its writer for every other player, so no one who passes a
message on can change it (docs/play-by-link-cards.md, three and four players).
"""

from __future__ import annotations

import copy
import hashlib
import json
import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import IllegalMove, SaveError
from tabletop.engine.hidden import CardAwaited
from tabletop.engine.rng import ChanceAwaited
from tabletop.engine.saves import MAX_MOVES, check_options, clean_seat, new_save, replay_steps
from tabletop.link.cards import CardTable, CardTold, Known, decks_of, element, removers, share, shuffle_key, shuffled_deck, take_told, unkey
from tabletop.link.chance import Chain, ChainBroken, Elements, hashed
from tabletop.link.codes import LinkRefused, to_code
from tabletop.link.deck import audit_pass, audit_removal, encoded_deck
from tabletop.link.record import (
    ABANDONED,
    ID_BYTES,
    LINK_GAMES,
    RING_GAMES,
    RING_LACKS,
    SIZE,
    STEPS,
    Link,
    b64,
    link_of,
    link_save_id,
    unb64,
    whole,
)
from tabletop.link.seal import checks, new_secret, public, seal, shared

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

HASH_BYTES = 16


def first_hash(game_id: bytes) -> bytes:
    return hashlib.sha256(b"towers-and-worlds link " + game_id).digest()[:HASH_BYTES]


def next_hash(before: bytes, message: Mapping[str, Any]) -> bytes:
    """The transcript's hash after ``message``: both devices write the message's JSON the same way."""
    text = json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(before + text.encode()).digest()[:HASH_BYTES]


def chain_of(link: Link) -> Chain:
    """This device's own hash chain (its secret stays on this device)."""
    return Chain(link.secret)


def elements_of(link: Link) -> Elements:
    """Every seat's chance as this device knows it (its own in full)."""
    shown = {seat: pair for seat, pair in link.shown.items() if pair is not None}
    shown[link.me] = (-1, chain_of(link).top)
    return Elements(link.id, len(link.shown), shown, own=(link.me, chain_of(link)))


def known_of(link: Link) -> Known:
    return Known.read(link.cards, link.me, link.seats)


def table_of(link: Link, state: Any = None, everything: bool = False) -> CardTable:
    """The hidden cards as this device reads them, with the decks ``state`` has made (a replay
    from the deal makes them as it goes)."""
    return CardTable(link.id, link.me, link.secret, known_of(link), decks_of(state), everything, link.seats)


def ahead_of(module: GameModule | None, state: Any) -> dict[tuple[int, int], int]:
    """The places of a deck every player draws from whose drawer the rules already know (the
    game's ``draws_ahead``): layers come off them before the draw, so a turn costs no extra link."""
    names = getattr(module, "draws_ahead", None)
    if names is None or state is None:
        return {}
    return {(card.deck, card.pos): seat for card, seat in names(state) if isinstance(getattr(card, "deck", None), int)}


@contextmanager
def stepped(block: AbstractContextManager[None], table: CardTable) -> Iterator[None]:
    """One step of a game by link: inside its joint chance, reading cards through ``table``."""
    with block, table.open():
        yield


def steps_of(link: Link, elements: Elements | None = None, table: CardTable | None = None) -> Callable[[int], AbstractContextManager[None]]:
    elements = elements if elements is not None else elements_of(link)
    table = table if table is not None else table_of(link)
    return lambda step: stepped(elements.block(step), table)


def chance_of(save: Mapping[str, Any]) -> Any:
    """What ``replay_steps`` needs as ``chance`` for this save: the joint chance of a game by link,
    and its hidden cards as this device reads them."""
    link = link_of(save)
    return None if link is None else steps_of(link)


def reading(save: Mapping[str, Any], state: Any) -> AbstractContextManager[Any]:
    """The block a view or a list of moves of a game by link is made in: this device's cards read,
    and every card once the other's secret is in (it is shown only at the game's end, and a table
    shows what is left in each hand then)."""
    link = link_of(save)
    assert link is not None
    return table_of(link, state, everything=True).open()


# --- making a game and its links --------------------------------------------------------------


def fresh_link(save: dict[str, Any], game_id: bytes, me: int, creator: int) -> None:
    """Give ``save`` this device's part of the game ``game_id`` (seat ``me``; ``creator``: the seat
    that made it): new secrets, an empty transcript, and the id every link of the game finds it by."""
    shown: dict[int, tuple[int, bytes] | None] = {seat: None for seat in range(len(save["seats"]))}
    link = Link(game_id, me, secrets.token_bytes(SIZE), shown, 0, first_hash(game_id), 0, [], None, "", new_secret(), creator=creator)
    link.shown[me] = (-1, chain_of(link).top)
    save["link"] = link.data()
    save["id"] = link_save_id(game_id)


def new_link_save(module: GameModule, seats: list[dict[str, Any]], options: dict[str, Any], me: int) -> dict[str, Any]:
    """A new game by link made on this device, for the seat ``me``; its first link is made with
    the first move or at once (``send``)."""
    if module.ID not in LINK_GAMES:
        raise ValueError(f"{module.TITLE} cannot be played by link yet")
    if len(seats) != 2 and (module.ID not in RING_GAMES or not 2 <= len(seats) <= 4):
        raise ValueError("a game by link is for two players, each on their own device")
    lacking = ring_lacks(len(seats), options)
    if lacking:
        raise ValueError(f"{lacking} cannot be played by link with three or four players yet")
    save = new_save(module.ID, options, seats, 0)
    fresh_link(save, secrets.token_bytes(ID_BYTES), me, me)
    return save


def ring_lacks(seats: int, options: Mapping[str, Any]) -> str:
    """The name of an option a game round a table of three or four cannot have by link yet ("": none)."""
    return next((label for option, label in RING_LACKS.items() if seats > 2 and options.get(option)), "")


def new_link_game(module: GameModule, seats: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """The save of a game by link from the new-game form's seats: the person here ("human") and
    friends on their own devices ("friend"), one of them in a game of two, up to three round a
    table (``RING_GAMES``); ValueError says, in the form's words, what does not fit."""
    kinds = [str(seat.get("kind")) for seat in seats]
    if kinds.count("human") != 1 or kinds.count("friend") != len(kinds) - 1:
        if len(kinds) == 2 or module.ID not in RING_GAMES:
            raise ValueError("a game by link is you in one seat and your friend, on their own device, in the other")
        raise ValueError("a game by link is you in one seat and a friend, each on their own device, in every other")
    return new_link_save(module, seats, options, kinds.index("human"))


def message_for(
    save: Mapping[str, Any],
    abandon: bool = False,
    state: Any = None,
    over: bool = False,
    ahead: Mapping[tuple[int, int], int] | None = None,
) -> dict[str, Any]:
    """The next message of this device: its moves the others have not seen, its share of their
    chance (the element of the last step it holds, which shows every step before it too), its
    shares of the cards the other drew, its layers off the cards others draw (``ahead``: places
    whose drawer is already certain) and the cards of its own the rules turned up; once the game
    is ``over``, its secret, for the check at the end."""
    link = link_of(save)
    assert link is not None
    table = table_of(link, state)
    known = list(save["moves"]) + link.their_pending + link.pending
    moves, steps = known[link.covered :], len(known)
    message: dict[str, Any] = {
        "id": b64(link.id),
        "n": link.count,
        "h": b64(link.hash),
        "by": link.me,
        "m": moves,
        "e": [steps, b64(chain_of(link).element(steps))],
    }
    if link.count < link.seats:  # the first message of each player: the promise of their chance, and the game
        message["c"] = b64(chain_of(link).top)
        message["g"] = save["game"]
        message["o"] = save["options"]
        message["s"] = [seat["name"] for seat in save["seats"]]
        message["k"] = public(link.seal_secret)  # and their half of the key that seals the links after it
    decks = decks_of(state)
    shares, faces, passes = table.shares_due(decks), table.faces_due(), table.passes_due(decks)
    table.made(passes)  # a second pass makes the shuffled deck: the layers off it go in the same link
    removals = table.removals_due(decks, ahead)
    for part, value in (("y", shares), ("r", faces), ("d", passes), ("w", removals)):
        if value:
            message[part] = value
    if over and decks and not table.known.secret_sent:
        message["z"] = b64(link.secret)
    if abandon:
        message["x"] = 1
    if link.seats == 2 and link.keys:  # every link after the first is sealed: a change on its way is refused
        message["a"] = seal(shared(link.seal_secret, link.keys[link.other]), message)
    elif link.keys:  # sealed for each player whose key this device has
        message["a"] = {str(seat): seal(shared(link.seal_secret, key), message) for seat, key in sorted(link.keys.items())}
    return message


def write_down(save: dict[str, Any], message: Mapping[str, Any], state: Any = None) -> None:
    """Write a message this device sends into its own transcript."""
    link = link_of(save)
    assert link is not None
    table = table_of(link, state)
    table.sent(decks_of(state), message.get("r", {}), message.get("d", {}), message.get("w", {}))
    table.known.secret_sent = table.known.secret_sent or "z" in message
    link.cards = table.known.data()
    link.hash = next_hash(link.hash, message)
    link.count += 1
    link.covered = len(save["moves"]) + len(link.their_pending) + len(link.pending)
    steps = message["e"][0]
    link.shown[link.me] = (steps, chain_of(link).element(steps))
    link.sent_last, link.other_waits = True, False
    if link.seats > 2:
        link.recent = (link.recent + [dict(message)])[-(link.seats - 1) :]
    if message.get("x"):
        link.ended = {"by": link.me, "how": ABANDONED}
    save["link"] = link.data()


def replayed(module: GameModule, save: Mapping[str, Any], elements: Elements | None = None, table: CardTable | None = None) -> Any:
    """The state after the save's moves, with the game's joint chance and hidden cards (a changed
    save: SaveError); ``elements``: that chance as already read; ``table``: the cards, which the
    replay's decks join."""
    link = link_of(save)
    assert link is not None
    state = None
    for step in replay_steps(module, save, chance=steps_of(link, elements, table)):
        state = step.state
    return state


def resolve_pending(module: GameModule, save: dict[str, Any], state: Any, table: CardTable | None = None) -> tuple[Any, bool]:
    """Apply this device's moves that waited for chance or for the other's cards, as far as what
    is now known allows; returns the state and whether a move still waits for chance."""
    link = link_of(save)
    assert link is not None
    elements = elements_of(link)
    table = table if table is not None else table_of(link, state)
    chance_waits = False
    while link.pending:
        step = len(save["moves"]) + 1
        try:
            with stepped(elements.block(step), table):
                state = module.apply(state, module.move_from_json(link.pending[0]))
        except ChanceAwaited:
            chance_waits = True
            break
        except CardAwaited:  # a card of the other's, read after one of this device's they had to be told first
            break
        save["moves"].append(link.pending.pop(0))
    table.note()
    link.cards = table.known.data()
    save["link"] = link.data()
    return state, chance_waits


# --- taking a link in -------------------------------------------------------------------------


@dataclass
class Taken:
    """A link taken in: the game's save as it now stands, its state, and what to say."""

    save: dict[str, Any]
    state: Any
    words: str


def read_message(data: Any, seats: int = 4) -> dict[str, Any]:
    """A link's message, its shape checked (its meaning is checked against the game by ``take``)."""
    if not isinstance(data, Mapping):
        raise LinkRefused("This link is not a move of a game by link.")
    n, by, moves = data.get("n"), data.get("by"), data.get("m")
    shown: Any = data.get("e")
    ok = whole(n, 0, 2 * MAX_MOVES + 4) and whole(by, 0, seats - 1) and isinstance(moves, list) and len(moves) <= MAX_MOVES
    ok = ok and isinstance(shown, list) and len(shown) == 2 and whole(shown[0], 0, STEPS)
    if not ok:
        raise LinkRefused("This link is damaged: part of it is missing or unreadable.")
    try:
        for key, size in (("id", ID_BYTES), ("h", HASH_BYTES)):
            unb64(data.get(key), size, key)
        unb64(shown[1], SIZE, "chance")
        if "c" in data:
            unb64(data["c"], SIZE, "promise")
    except SaveError:
        raise LinkRefused("This link is damaged: part of it is missing or unreadable.") from None
    return dict(data)


def messages_of(data: Any) -> list[dict[str, Any]]:
    """The messages a link carries: one, between two players; round a table of three or four,
    every message its receiver has not seen (``"ring"``), in the order they were written."""
    if isinstance(data, Mapping) and "ring" in data:
        ring = data["ring"]
        if not isinstance(ring, list) or not 1 <= len(ring) <= 3:
            raise LinkRefused("This link is damaged: part of it is missing or unreadable.")
        return [read_message(message) for message in ring]
    return [read_message(data, 2)]


def take(module: GameModule | None, save: dict[str, Any] | None, data: Any, games: Mapping[str, GameModule]) -> Taken:
    """Take the link ``data`` into ``save`` (None: a game this device has not joined yet). Works
    on copies: a refusal (LinkRefused, one line) leaves every stored game as it was."""
    messages = messages_of(data)
    if save is None:
        save, module = joined(messages, games)
    else:
        save = copy.deepcopy(save)
        assert module is not None
    link = link_of(save)
    assert link is not None
    if link.seats > 2 and "ring" not in data or link.seats == 2 and "ring" in data:
        raise LinkRefused("This link belongs to another game.")
    if link.ended is not None and unb64(messages[0]["id"], ID_BYTES, "id") == link.id and messages[-1]["n"] >= link.count:
        raise LinkRefused("This game was abandoned: it takes no more links.")
    if messages[-1]["by"] == link.me and unb64(messages[-1]["id"], ID_BYTES, "id") == link.id:
        friend = save["seats"][link.other]["name"]
        raise LinkRefused(f"This is the link this device made, for {friend}'s device: send it to {friend}.")
    state, moves = None, 0
    for index, message in enumerate(messages):
        state = take_message(module, save, message, last=index == len(messages) - 1)
        moves += len(message["m"])
    link = link_of(save)
    assert link is not None
    return Taken(save, state, news(module, save, link, state, moves, messages[-1]["by"]))


def take_message(module: GameModule, save: dict[str, Any], message: dict[str, Any], last: bool = True) -> Any:
    """Take one message, written by the seat ``message["by"]``, into ``save`` (in place); the state
    after it. ``last``: the last message of its link, which must bring the chance and cards this
    device's own moves wait for."""
    link = link_of(save)
    assert link is not None
    check_place(save, link, message)
    author = message["by"]
    name = save["seats"][author]["name"]
    if link.shown[author] is None:
        if "c" not in message:
            raise LinkRefused(f"This link does not carry {name}'s promise of chance, which their first link holds.")
        link.shown[author] = (-1, unb64(message["c"], SIZE, "promise"))
    check_seal(link, message, name)
    step, element = message["e"][0], unb64(message["e"][1], SIZE, "chance")
    elements = elements_of(link)
    try:
        elements.show(author, step, element)
    except ChainBroken:
        raise LinkRefused(f"This link's chance is not the chance {name} promised: it was changed.") from None
    link.shown[author] = elements.shown[author]
    known = known_of(link)
    take_told(known, message, author, name, link.me, link.seats)
    if "z" in message:
        known.secrets[author] = their_secret(link, author, message["z"], name)
    link.cards = known.data()
    save["link"] = link.data()
    state, drew = apply_message(module, save, link, message, elements, last)
    link = link_of(save)
    assert link is not None
    check_passes(known_of(link), decks_of(state), name)
    check_opened(link, state, message, author)
    check_shares(link, state, message)
    link.hash, link.count, link.covered = (
        next_hash(link.hash, message),
        link.count + 1,
        len(save["moves"]) + len(link.their_pending) + len(link.pending),  # a move of this device's still waiting went out before
    )
    if message.get("x"):
        link.ended = {"by": author, "how": ABANDONED}
    link.sent_last, link.other_waits = False, drew
    if link.seats > 2:
        link.recent = (link.recent + [dict(message)])[-(link.seats - 1) :]
    save["link"] = link.data()
    if module.outcome(state) is not None and len(known_of(link).secrets) == link.seats - 1:
        checked = audit(module, save)
        link.cards = dict(link.cards or {}, audit=checked)
        save["link"] = link.data()
    return state


def check_passes(known: Known, decks: tuple[Any, ...], name: str) -> None:
    """Each pass of a joint shuffle a link sent is of a deck the game has made, whole, with no
    card twice (a lie about which cards went in is found at the end, by ``audit``)."""
    for number, chain in known.passes.items():
        if not 0 <= number < len(decks) or decks[number].owner is not None:
            raise LinkRefused(f"This link shuffles a deck the game has not made: it is not {name}'s.")
        for _, text in chain:
            try:
                if len(shuffled_deck(text)) != len(decks[number].contents):
                    raise SaveError("tampered", "it does not hold every card of the deck")
            except SaveError as exc:
                raise LinkRefused(f"This link's shuffle is not a whole deck: {exc}.") from None


def check_opened(link: Link, state: Any, message: Mapping[str, Any], author: int) -> None:
    """Each layer the link takes off is off a card another player than its writer drew (of two
    players: this device), and each card of this device's whose last layer other than its own
    came opens to a card of the deck (a false layer would otherwise be taken, and stop this device
    the first time it reads its hand)."""
    table = table_of(link, state)
    decks = decks_of(state)
    for place in message.get("w", {}):
        card = unkey(place)
        given = dict(decks[card.deck].given) if card.deck < len(decks) and decks[card.deck].owner is None else {}
        drawer = given.get(card.pos, link.me if link.their_pending else None)  # a move that waits here may draw it
        if link.seats == 2 and drawer != link.me or drawer == author or card.deck >= len(decks) or decks[card.deck].owner is not None:
            raise LinkRefused("This link opens a card that was not given to you.")
        if drawer == link.me or link.seats > 2 and table.opened_for_me(place) is not None:
            try:
                table.face_of(card)
            except CardTold as exc:
                raise LinkRefused(f"This link opens a card of yours falsely: {exc}.") from None
    for number in {unkey(place).deck for place in message.get("w", {})}:
        faces = table.opened_faces(number) if number < len(decks) else []
        if len(set(faces)) != len(faces):
            raise LinkRefused("This link opens a card of yours falsely: two of your cards open to the same card.")


def check_shares(link: Link, state: Any, message: Mapping[str, Any]) -> None:
    """Each share the link carries is of a place of this device's own decks that the rules have
    drawn (a share sent ahead, or of a deck that is not this device's, would be kept for nothing)."""
    decks = decks_of(state)
    for place in message.get("y", {}):
        card = unkey(place)
        deck = decks[card.deck] if card.deck < len(decks) else None
        if deck is None or deck.owner != link.me or not (card.pos < deck.drawn or link.their_pending):  # a move that waits here may draw it
            raise LinkRefused("This link sends a share of a card that is not one of yours drawn so far.")


def their_secret(link: Link, author: int, text: Any, name: str) -> bytes:
    """A player's secret, shown at the game's end: the one their chain grew from."""
    try:
        secret = unb64(text, SIZE, "secret")
    except SaveError:
        raise LinkRefused("This link is damaged: part of it is missing or unreadable.") from None
    shown = link.shown[author]
    if shown is None or hashed(secret, STEPS - shown[0]) != shown[1]:
        raise LinkRefused(f"This link's secret is not the one {name} promised: it was changed.")
    return secret


def joined(messages: list[dict[str, Any]], games: Mapping[str, GameModule]) -> tuple[dict[str, Any], GameModule]:
    """The save of a game this device joins with its first link: the seat the link was sent to
    (the one after the last message's writer)."""
    message = messages[0]
    if message["n"] != 0:
        raise LinkRefused("This link continues a game this device has not joined: open the first link of that game first.")
    game, names, options = message.get("g"), message.get("s"), message.get("o")
    if game not in LINK_GAMES or game not in games:
        raise LinkRefused("This link is for a game this app does not play by link.")
    module = games[game]
    most = 4 if game in RING_GAMES else 2
    if not isinstance(names, list) or not 2 <= len(names) <= most or not all(isinstance(name, str) for name in names):
        raise LinkRefused("This link is damaged: its players are unreadable.")
    if not isinstance(options, dict):
        raise LinkRefused("This link is damaged: its game settings are unreadable.")
    if ring_lacks(len(names), options):
        raise LinkRefused("This link is for a game this app does not play by link.")
    if not all(whole(later["by"], 0, len(names) - 1) for later in messages):
        raise LinkRefused("This link is damaged: part of it is missing or unreadable.")
    me = (messages[-1]["by"] + 1) % len(names)
    seats = [clean_seat({"name": name, "kind": "human" if i == me else "friend"}, i) for i, name in enumerate(names)]
    try:
        save = new_save(game, check_options(options), seats, 0)
    except SaveError as exc:
        raise LinkRefused(f"This link is damaged: {exc}.") from None
    fresh_link(save, unb64(message["id"], ID_BYTES, "id"), me, message["by"])
    return save, module


def link_save_id_of(data: Any) -> str:
    """The stored game a link belongs to (a damaged link: LinkRefused)."""
    return link_save_id(unb64(messages_of(data)[0]["id"], ID_BYTES, "id"))


def check_seal(link: Link, message: Mapping[str, Any], name: str) -> None:
    """Every message after the game's first carries the seal only its writer and this device can
    make (round a table of three or four, from the writer's first message after this device's own
    first: before it, the writer did not have this device's key, and the transcript's hash binds it)."""
    author = message["by"]
    if author not in link.keys and "k" in message:
        try:
            shared(link.seal_secret, message["k"])
        except SaveError:
            raise LinkRefused(f"This link's seal is unreadable: it is not {name}'s.") from None
        link.keys[author] = message["k"]
    if link.seats == 2:
        if message["n"] == 0:
            return
        sealed = message.get("a")
    else:
        if (link.me - link.creator) % link.seats >= message["n"]:  # written before this device's first message
            return
        seals = message.get("a")
        sealed = seals.get(str(link.me)) if isinstance(seals, Mapping) else None
    if author not in link.keys or not checks(shared(link.seal_secret, link.keys[author]), dict(message, a=sealed)):
        raise LinkRefused(f"This link was changed on its way: it does not carry {name}'s seal.")


def check_place(save: Mapping[str, Any], link: Link, message: Mapping[str, Any]) -> None:
    """The message is the next one of this game, from the player who writes it."""
    name = save["seats"][message["by"]]["name"]
    if unb64(message["id"], ID_BYTES, "id") != link.id:
        raise LinkRefused("This link belongs to another game.")
    if message["n"] < link.count or message["by"] == link.me:
        raise LinkRefused("This link was opened here before: the game goes on from where it stands.")
    if message["n"] > link.count:
        raise LinkRefused(f"This link comes after one of {name}'s that this device has not opened: open that one first.")
    if unb64(message["h"], HASH_BYTES, "hash") != link.hash:
        raise LinkRefused("This link does not follow the game as this device holds it: it belongs to another copy of the game.")
    if link.seats > 2 and message["by"] != link.due:
        raise LinkRefused("This link is damaged: its messages are not in the order of the table.")


def apply_message(
    module: GameModule, save: dict[str, Any], link: Link, message: Mapping[str, Any], elements: Elements, last: bool = True
) -> tuple[Any, bool]:
    """Resolve this device's waiting moves, then apply the writer's moves in turn; returns the
    state and whether the writer's moves drew chance (which their device cannot see yet). Round a
    table of three or four, a move whose chance waits for a player the link has not come through
    yet waits here too (``their_pending``)."""
    author = message["by"]
    name = save["seats"][author]["name"]
    table = table_of(link)
    try:
        state = replayed(module, save, elements, table)  # a deal that waited for the other's share is dealt now
        state, chance_waits = resolve_pending(module, save, state, table)
    except CardTold as exc:
        raise LinkRefused(f"This link tells a card that cannot be {name}'s: {exc}.") from None
    except SaveError as exc:  # the replay met a card this link tells (replay_steps says only SaveError)
        if table.refusal is not None:
            raise LinkRefused(f"This link tells a card that cannot be {name}'s: {table.refusal}.") from None
        raise LinkRefused(f"This link tells a card that shows a move broke the rules: {str(exc).split(';')[0]}.") from None
    link = link_of(save)  # type: ignore[assignment]
    if last and chance_waits:
        raise LinkRefused(f"This link does not carry {name}'s share of the chance your last move needs.")
    if (
        last and link.pending and not chance_waits and not table.known.owed
    ):  # it may wait again only for a card of theirs read after a new one of this device's
        raise LinkRefused(f"This link does not carry {name}'s share of the chance or the cards your last move needs.")
    if message["m"] and link.pending:
        raise LinkRefused(f"This link holds a move {name} could not make: your move is not finished yet.")
    waiting, waiting_by = link.their_pending, link.held_by  # moves that waited for their cards or chance, then the link's
    if message["e"][0] != len(save["moves"]) + len(link.pending) + len(waiting) + len(message["m"]):
        raise LinkRefused("This link is damaged: its chance does not match its moves.")
    link.their_pending, link.held_by = [], []
    drew = False
    theirs = list(zip(waiting_by, waiting, strict=True)) + [(author, data) for data in message["m"]]
    for index, (mover, data) in enumerate(theirs):
        if link.their_pending:
            link.their_pending.append(data)
            link.held_by.append(mover)
            continue
        number = len(save["moves"]) + 1
        mover_name = save["seats"][mover]["name"]
        if module.to_act(state) != mover:
            raise LinkRefused(f"This link holds a move {mover_name} could not make: it is not their turn (move {number}).")
        block = elements.block(number)
        try:
            with stepped(block, table):
                state = module.apply(state, module.move_from_json(data))
        except IllegalMove as exc:
            raise LinkRefused(f"This link holds a move the rules do not allow (move {number}: {exc}).") from None
        except ChanceAwaited:
            if link.seats == 2:
                raise LinkRefused(f"This link holds a move that cannot be read (move {number}).") from None
            link.their_pending.append(data)  # its chance needs a player the link has not come through yet
            link.held_by.append(mover)
            continue
        except CardAwaited:
            if index < len(theirs) - 1 or not table.new_reads():  # their device could read that far: it owed the card
                raise LinkRefused(f"This link does not tell a card of {mover_name}'s that its moves turn up (move {number}).") from None
            link.their_pending.append(data)  # a card of theirs read after a new one of this device's: told in their next link
            link.held_by.append(mover)
            continue
        except CardTold as exc:
            raise LinkRefused(f"This link tells a card that cannot be {mover_name}'s: {exc} (move {number}).") from None
        except Exception:
            raise LinkRefused(f"This link holds a move that cannot be read (move {number}).") from None
        drew = block.drew  # the last move's, in the end
        save["moves"].append(data)
    table.note()
    link.cards = table.known.data()
    save["link"] = link.data()
    return state, drew


# --- the check at the end ----------------------------------------------------------------------


def audit(module: GameModule, save: Mapping[str, Any]) -> dict[str, Any]:
    """With every secret shown: every share and every layer another player sent and every card
    they told worked out again, and the whole game replayed with every card known, so that a play
    only a hidden card could show to be against the rules is found. Names the player who lied
    (``cheat``)."""
    link = link_of(save)
    assert link is not None
    known = known_of(link)
    if link.seats == 2:
        theirs, other = known.secrets[link.other], link.other
        name = save["seats"][other]["name"]
        for place, value in known.shares.items():
            card = unkey(place)
            if share(theirs, link.id, card.deck, card.pos) != value:
                return {"ok": False, "cheat": other, "why": f"{name} sent a share of one of your cards that their secret does not make."}
    cheat, fault = shuffle_fault(link, known)
    if fault:
        return {"ok": False, "cheat": cheat, "why": f"{save['seats'][cheat]['name']} {fault}."}
    table = table_of(link, everything=True)
    elements = elements_of(link)
    state = None
    try:
        with stepped(elements.block(0), table):
            state = module.new_game(len(save["seats"]), save["options"], save["seed"])
        for number, data in enumerate(save["moves"], start=1):
            mover = module.to_act(state)
            try:
                with stepped(elements.block(number), table):
                    state = module.apply(state, module.move_from_json(data))
            except IllegalMove as exc:
                who = save["seats"][mover]["name"] if mover is not None else "A player"
                return {"ok": False, "cheat": mover, "why": f"{who}'s move {number} broke the rules, as the cards now show: {exc}"}
    except (ChanceAwaited, CardAwaited, SaveError, ValueError):
        other = link.other
        return {
            "ok": False,
            "cheat": other,
            "why": f"{save['seats'][other]['name']}'s game cannot be replayed with the cards their secret deals.",
        }
    drawers = {(number, pos): seat for number, deck in enumerate(decks_of(state)) for pos, seat in deck.given}
    for place, told in known.told.items():
        card = unkey(place)
        face = table.face_of(card)
        if face is None or str(face) != told:
            liar = drawers.get((card.deck, card.pos), link.other)
            return {"ok": False, "cheat": liar, "why": f"{save['seats'][liar]['name']} told a card that was not the one they held."}
    return {"ok": True, "cheat": None, "why": "Every hidden card was checked: the game was played fair."}


def shuffle_fault(link: Link, known: Known) -> tuple[int, str]:
    """Who did what wrong in the joint shuffles, now that the secrets show every key: a pass that is
    not the deck it was given under its maker's key, or a layer taken off falsely ("": no one)."""
    for number, chain in known.passes.items():
        before: tuple[int, ...] = ()
        for index, (seat, text) in enumerate(chain):
            after = shuffled_deck(text)
            if (
                seat != link.me
                and not audit_pass(key_of(link, known, seat, number), before if index else tuple(encoded_deck(len(after))), after).honest
            ):
                return seat, "shuffled a deck with another layer than their secret makes, or changed its cards"
            before = after
    for place, layers in known.layers.items():
        card = unkey(place)
        last = known.last_pass(card.deck, link.seats)
        final = shuffled_deck(last) if last is not None else ()
        if card.pos >= len(final):
            return next((seat for seat in layers if seat != link.me), link.me), "took their layer off one of your cards falsely"
        # the layers come off in seat order from the seat after the drawer: the drawer is the seat before them
        drawer = next((seat for seat in range(link.seats) if seat not in layers and (seat + 1) % link.seats in layers), None)
        order = removers(drawer, link.seats) if drawer is not None else []
        value = final[card.pos]
        for seat in order:
            if seat not in layers:
                break
            taken = element(layers[seat])
            if seat != link.me and not audit_removal(key_of(link, known, seat, card.deck), value, taken).honest:
                return seat, "took their layer off one of your cards falsely"
            value = taken
    return link.me, ""


def key_of(link: Link, known: Known, seat: int, number: int) -> Any:
    return shuffle_key(link.secret if seat == link.me else known.secrets[seat], link.id, number)


def news(module: GameModule, save: Mapping[str, Any], link: Link, state: Any, moves: int, author: int | None = None) -> str:
    """What the table says once a link is in."""
    other = save["seats"][link.other if author is None else author]["name"]
    friend = save["seats"][link.other]["name"]
    if link.ended is not None:
        return f"{save['seats'][link.ended['by']]['name']} abandoned this game."
    if module.outcome(state) is not None:
        return f"{other}'s link is in: the game is over."
    if link.their_pending:
        return (
            f"{other}'s link is in: send yours on, with your cards their move turns up, so that the game can go on."
            if link.seats > 2
            else (f"{other}'s link is in: send yours back, with your cards their move turns up, so that {other} can finish it.")
        )
    if module.to_act(state) == link.me:
        return (
            f"{other}'s link is in ({moves} move{'s' if moves != 1 else ''}): your move." if moves else f"{other}'s link is in: your move."
        )
    if link.seats > 2:
        return f"{other}'s link is in: send yours on to {friend}."
    return f"{other}'s link is in: send yours back so that {other} can play on."


# --- this device's moves ----------------------------------------------------------------------


def play(module: GameModule, save: dict[str, Any], state: Any, move: Any) -> Any:
    """This device's move, applied; None when its chance waits for the other's link (the move is
    kept, and goes with the next link). IllegalMove as the rules say."""
    link = link_of(save)
    assert link is not None
    if link.pending or link.their_pending or link.ended is not None:
        raise IllegalMove("this game waits for the other player's link")
    block = elements_of(link).block(len(save["moves"]) + 1)
    table = table_of(link, state)
    try:
        with stepped(block, table):
            after = module.apply(state, move)
    except (ChanceAwaited, CardAwaited):
        link.pending.append(module.move_to_json(move))
        table.note()  # the cards of this device's the move turned up before it waited: the other's device needs them
        link.cards = table.known.data()
        save["link"] = link.data()
        return None
    table.note()
    link.cards = table.known.data()
    save["link"] = link.data()
    save["moves"].append(module.move_to_json(move))
    return after


def awaits_cards(module: GameModule, save: Mapping[str, Any], state: Any) -> bool:
    """It is this device's turn, but it cannot read the cards it decides with yet (a hand just
    dealt, whose shares come with the other's next link)."""
    link = link_of(save)
    assert link is not None
    if state is None or module.outcome(state) is not None or module.to_act(state) != link.me or not decks_of(state):
        return False
    try:
        with table_of(link, state).open():
            module.legal_moves(state)
    except CardAwaited:
        return True
    return False


def owes_link(module: GameModule, save: Mapping[str, Any], state: Any) -> bool:
    """This device has moves, or its share of chance, that the other needs before they can play
    on: its turn is over (or the game), or its move waits for chance, and it has not sent them.
    Round a table of three or four, only when the next message is this device's to write."""
    link = link_of(save)
    assert link is not None
    if link.seats > 2:
        return owes_on_the_ring(module, save, link, state)
    if link.ended is not None:
        return False
    over = state is not None and module.outcome(state) is not None
    if over and decks_of(state) and not known_of(link).secret_sent:
        return True  # the check at the end needs this device's secret
    if link.sent_last:
        return False
    if state is None or link.pending or link.their_pending:
        return True
    if over:
        return len(save["moves"]) > link.covered or link.other_waits
    return module.to_act(state) != link.me or awaits_cards(module, save, state)


def owes_on_the_ring(module: GameModule, save: Mapping[str, Any], link: Link, state: Any) -> bool:
    """Round a table of three or four the next message is this device's: it owes it once its turn
    is over (or at once, when it is not its turn), and after the game's end or an abandon while the
    next player has not seen every secret, move or abandon (``unseen``)."""
    if link.due != link.me:
        return False
    unseen = link.recent[-(link.seats - 2) :]  # the messages the next player has not seen, this device's next aside
    receiver = (link.me + 1) % link.seats
    if link.ended is not None:
        return link.ended["by"] != link.me and receiver != link.ended["by"] and any(m.get("x") for m in unseen)
    if state is None or link.pending or link.their_pending:
        return True
    if module.outcome(state) is not None:
        secret_due = bool(decks_of(state)) and not known_of(link).secret_sent
        return secret_due or any("z" in m or m.get("m") for m in unseen)
    return module.to_act(state) != link.me or awaits_cards(module, save, state)


def abandon_waits(save: Mapping[str, Any]) -> str:
    """Why this device cannot abandon its game by link now ("": it can). Round a table, the message
    that says so must come in its turn, or the next player would refuse it as out of order."""
    link = link_of(save)
    assert link is not None
    if link.seats > 2 and link.due != link.me:
        return f"Round the table, you can abandon once the game is back with you: open {save['seats'][(link.me - 1) % link.seats]['name']}'s next link first."
    return ""


def send(save: dict[str, Any], abandon: bool = False, module: GameModule | None = None, state: Any = None) -> str:
    """Make this device's next link, write it into the game's transcript and keep it to send again
    (round a table of three or four, with every message the next player has not seen)."""
    over = module is not None and state is not None and module.outcome(state) is not None
    ahead = ahead_of(module, state) if len(save["seats"]) > 2 else {}  # two players: the mover's link opens the draw at once
    message = message_for(save, abandon, state, over, ahead)
    write_down(save, message, state)
    link = link_of(save)
    assert link is not None
    code = to_code(message) if link.seats == 2 else to_code({"ring": link.recent})
    save["link"] = dict(save["link"], last=code)
    return code
