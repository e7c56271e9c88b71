"""A game by link of two players saved before three could play keeps going: its record held the
other's key, pass, layers and secret apart from this device's own (``their_key``, ``passes``,
``mine``, ``led``, ``opened``, ``their_secret``, and the layers it sent as a count per deck). Such a
record, written back in that shape from the middle of a game, plays on to a fair end."""

from __future__ import annotations

from typing import Any

from cheating import assert_agreed_and_fair, seeded_secrets
from tabletop.link.cards import Known, decks_of, unkey
from tabletop.link.codes import from_code
from tabletop.link.game import link_of
from tabletop.link.simulate import Device, play_by_links

W = "towers-of-wyoming"


def as_before_three(device: Device) -> dict[str, Any]:
    """``device``'s link record in the shape a save had before three players."""
    link = dict(device.save["link"])
    me, other = link["me"], 1 - link["me"]
    keys = link.pop("keys")
    for name in ("held_by", "creator", "recent"):
        link.pop(name)
    link["their_key"] = keys.get(str(other), "")
    known = Known.read(link["cards"], me)
    cards = dict(link["cards"])
    for name in ("chain", "layers", "secrets"):
        cards.pop(name)
    cards["passes"] = {str(n): text for n, chain in known.passes.items() for seat, text in chain if seat == other}
    cards["mine"] = {str(n): text for n, chain in known.passes.items() for seat, text in chain if seat == me}
    cards["led"] = [n for n, chain in known.passes.items() if chain[0][0] == me]
    cards["opened"] = {place: by[other] for place, by in known.layers.items() if other in by}
    sent = dict(cards["sent"])
    for number, deck in enumerate(decks_of(device.state)):
        if deck.owner is None:
            theirs = [pos for pos, seat in deck.given if seat != me]
            done = [pos for pos in theirs if me in known.layers.get(f"{number}.{pos}", {})]
            assert done == theirs[: len(done)]  # the layers it sent: the first places given to the other, in order
            sent[str(number)] = len(done)
    cards["sent"] = sent
    cards["their_secret"] = None
    link["cards"] = cards
    return link


def test_a_save_of_two_players_written_before_three_plays_on_to_a_fair_end():
    with seeded_secrets(12):
        ana, ben = Device(W), Device(W)
        try:
            play_by_links(W, {}, 12, 0, 30, (ana, ben))
        except AssertionError as stop:
            assert "did not end" in str(stop)
        sent_before = {  # the layers each device took off the other's cards: the old record counted them
            device.me: {place for place, by in Known.read(device.save["link"]["cards"], device.me).layers.items() if device.me in by}
            for device in (ana, ben)
        }
        assert all(sent_before.values())
        for device in (ana, ben):
            before = as_before_three(device)
            device.save = dict(device.save, link=before)
            link = link_of(device.save)
            assert link.keys and link.creator == 0 and link.recent == []
            known = Known.read(before["cards"], link.me)
            assert all(len(chain) == 2 for chain in known.passes.values())
            assert all(unkey(place) for place in known.layers)
        again: list[str] = []

        def watch(sender: Device, receiver: Device, code: str, earlier: Any) -> None:
            again.extend(place for place in from_code(code).get("w", {}) if place in sent_before[sender.me])

        play_by_links(W, {}, 12, 0, 4000, (ana, ben), watch, resume=True)
    assert_agreed_and_fair(ana, ben)
    assert again == []  # no layer the old record counted as sent goes again
