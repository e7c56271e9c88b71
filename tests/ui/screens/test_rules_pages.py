"""The in-app rules pages: every rule said once, this edition's reading right under the rule it
settles, and the settled rulings stated (rulings 3-6), and no rule said twice."""

import re

import pytest

from tabletop.games import GAMES
from tabletop.ui.screens.rules import EDITION_NOTE, article, guide_for
from tabletop.ui.web.dom import find_all, text_of

GAME_IDS = sorted(GAMES)


def words(game_id: str) -> str:
    return " ".join(p if isinstance(p, str) else " ".join(p) for _h, ps in guide_for(game_id) for p in ps)


def sentences(text: str) -> list[str]:
    return [s.strip().lower() for s in re.split(r"(?<=[.:;!?])\s+", text) if len(s.split()) >= 6]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_guide_is_headed_paragraphs_each_a_rule_or_a_rule_with_its_reading(game_id):
    guide = guide_for(game_id)
    assert guide and all(isinstance(title, str) and paras for title, paras in guide)
    for _title, paras in guide:
        for p in paras:
            assert isinstance(p, str) or (isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, str) and x for x in p))
    assert sum(isinstance(p, tuple) for _t, ps in guide for p in ps) >= 5  # the readings sit beside their rules


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_rule_is_said_twice(game_id):
    """No section restating the rules, and no sentence of six words or more appears twice."""
    assert not any("how this edition reads" in title.lower() for title, _ in guide_for(game_id))
    said = sentences(words(game_id))
    repeated = {s for s in said if said.count(s) > 1}
    assert not repeated


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_reading_is_drawn_right_under_its_rule(game_id):
    page = article(guide_for(game_id))
    for section in find_all(page, lambda e: e.tag == "section"):
        kids = [c for c in section.children if not isinstance(c, str)]
        for i, kid in enumerate(kids):
            if "edition-note" in kid.attrs.get("class", ""):
                assert i > 0 and kids[i - 1].tag == "p" and "edition-note" not in kids[i - 1].attrs.get("class", "")
                assert text_of(kid).startswith(EDITION_NOTE)
    notes = find_all(page, lambda e: "edition-note" in e.attrs.get("class", ""))
    assert len(notes) == sum(isinstance(p, tuple) for _t, ps in guide_for(game_id) for p in ps)


def test_war_of_the_worlds_tactical_turn_replaces_the_whole_turn_and_stalls_end_it():
    text = words("war-of-the-worlds")
    assert "Instead of the war machine step" not in text
    assert "The whole turn is different" in text and "no separate place, war machine or move step" in text
    assert "10 turns in a row with no pyramid placed" in text and "scored as at a full board" in text


def test_tower_battle_counts_and_the_tnt_tower_of_five():
    text = words("tower-battle")
    assert "20 cards per colour" in text and "18 go into the stock" in text
    assert "turned up to be counted" in text and "hidden in it is found out and its owner loses" in text


def test_tower_war_limits_adjustments_to_three_per_piece():
    assert "at most 3 adjustments before each piece you add" in words("tower-war")


def test_towers_of_wyoming_finicky_clients_at_an_empty_sky():
    text = words("towers-of-wyoming")
    assert "once the Sky is empty, a builder with an empty foundation at the end of a turn wins" in text
    assert "never counts as a winning tower" not in text


@pytest.mark.parametrize("game_id", [None, *GAME_IDS])
def test_a_rules_page_opens_with_its_contents_and_each_section_leads_back_to_the_top(game_id):
    """The contents list every section heading in order, each a jump (data-jump: static/js/boot.js)
    to that heading, which can take focus; every section ends with a jump back to the page's heading."""
    from tabletop.ui.screens import rules
    from tabletop.ui.shell.context import ScreenContext
    from tabletop.ui.shell.router import Route

    ctx = ScreenContext.detached(None, route=Route("rules", game_id))
    tree = rules.render(ctx, game_id)
    [toc] = find_all(tree, lambda e: "rules-toc" in (e.attrs.get("class") or "").split())
    jumps = [(text_of(e), e.attrs["data-jump"]) for e in find_all(toc, lambda e: "data-jump" in e.attrs)]
    headings = [(text_of(e), e.attrs.get("id")) for e in find_all(tree, lambda e: e.tag == "h2")]
    assert jumps == headings and len(jumps) >= 3
    assert all(e.attrs.get("tabindex") == "-1" for e in find_all(tree, lambda e: e.tag == "h2"))
    [top] = find_all(tree, lambda e: e.tag == "h1")
    backs = find_all(tree, lambda e: e.attrs.get("data-jump") == top.attrs["id"])
    assert len(backs) == len(headings) and all(text_of(b) == "↑ Back to top" for b in backs)
