"""No page of the app scrolls sideways at 1024x768, 768x1024 or 390x844: not the page itself, and no
box inside it (a row of choices that needs a sideways swipe hides its last buttons from a player who
does not know to swipe).

One booted page visits every screen once and is resized through the three sizes there: Home, Rules
and help, each game's rules and new-game form, Settings, the balance lab, and each game's table in its
main decisions (positions reached by seeded random play in the engine, then opened as saves)."""

from __future__ import annotations

from conftest import SHOTS, goto, random_game, start_saved_game
from tabletop.games import GAMES

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
# Boxes that scroll sideways by design, each with why (a selector matched by Element.matches).
MEANT_TO_SCROLL: dict[str, str] = {}
# The page wider than the window, then every box with overflow-x auto/scroll whose content is wider than it.
SIDEWAYS = """allowed => {
  const out = [], root = document.documentElement;
  if (root.scrollWidth > innerWidth) out.push(`the page: ${root.scrollWidth} px in ${innerWidth}`);
  for (const e of document.querySelectorAll('body *')) {
    const x = getComputedStyle(e).overflowX;
    if ((x !== 'auto' && x !== 'scroll') || e.scrollWidth <= e.clientWidth + 1 || !e.getClientRects().length) continue;
    if (allowed.some(s => e.matches(s))) continue;
    const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + [...e.classList].map(c => '.' + c).join('');
    out.push(`${name}: ${e.scrollWidth} px in ${e.clientWidth}`);
  }
  return out;
}"""


def seeded(game: str, seed: int, options: dict, stop, players: int = 2, cap: int = 2000) -> list[dict]:
    """The moves (as JSON) of a seeded random game up to the first state ``stop(state, moves so far)`` accepts."""
    state, moves = random_game(game, seed, lambda state, moves: stop(state, len(moves)), players, options, cap)
    assert stop(state, len(moves)), (game, seed, "no such state")
    return moves


PAGES = ["#/", "#/rules", "#/settings", "#/lab", "#/nowhere"] + [f"#/{where}/{game}" for game in GAMES for where in ("rules", "new")]
# (name, game, seed, options, stop, what is on the page once it is open, a step to take there first)
TABLES = [
    ("wotw-strategic-place", "war-of-the-worlds", 9, {}, lambda s, n: True, "#wotw-size-large", None),
    ("wotw-war-machine", "war-of-the-worlds", 9, {}, lambda s, n: s.phase == "coaster", "[id^='wotw-relocate-']", None),
    ("wotw-destroy", "war-of-the-worlds", 9, {}, lambda s, n: s.phase == "destroy", ".wotw-cell.is-doomed", None),
    ("wotw-tactical-dice", "war-of-the-worlds", 9, {"tactical": True}, lambda s, n: s.phase == "dice", ".wotw-die[data-step]", None),
    ("wotw-tactical-wild", "war-of-the-worlds", 9, {"tactical": True}, lambda s, n: s.phase == "wild", "#wotw-wild-swap", None),
    (
        "wotw-tactical-swap",
        "war-of-the-worlds",
        9,
        {"tactical": True},
        lambda s, n: s.phase == "action" and s.action == "swap",
        "#wotw-pick-0",
        None,
    ),
    (
        "wotw-tactical-swap-picked",
        "war-of-the-worlds",
        9,
        {"tactical": True},  # the most choices: three places
        lambda s, n: s.phase == "action" and s.action == "swap",
        "#wotw-pick-1",
        "#wotw-pick-1",
    ),
    ("twar-draft", "tower-war", 3, {}, lambda s, n: True, ".twar", None),
    ("twar-battle", "tower-war", 3, {}, lambda s, n: s.phase == "play", ".twar", None),
    ("twar-place", "tower-war", 3, {}, lambda s, n: s.phase == "place", ".twar", None),
    ("twar-drop", "tower-war", 3, {}, lambda s, n: s.phase == "drop", ".twar", None),
    ("twar-build", "tower-war", 3, {}, lambda s, n: s.phase == "build", ".twar", None),
    ("tow-play", "towers-of-wyoming", 3, {}, lambda s, n: n >= 9, ".tow", None),
    ("tow-cards-picked", "towers-of-wyoming", 3, {}, lambda s, n: n >= 9, ".tow [data-step='cards']", ".tow [data-step='cards'] >> nth=0"),
    ("tow-four-players", "towers-of-wyoming", 4, {}, lambda s, n: n >= 12, ".tow", None),
    ("tb-play", "tower-battle", 3, {}, lambda s, n: s.phase == "play" and n >= 8, ".tb", None),
    ("tb-card-picked", "tower-battle", 3, {}, lambda s, n: s.phase == "play" and n >= 8, "[id^='tb-hand-']", "[id^='tb-hand-'] >> nth=0"),
    ("tb-battle", "tower-battle", 3, {}, lambda s, n: s.phase == "battle", ".tb", None),
    ("tb-scoring-card", "tower-battle", 3, {"scoring": "advanced"}, lambda s, n: s.phase == "scoring-card", ".tb", None),
] + [  # each game at its end, then its history (the read-only replay of the finished game)
    (
        f"end-{game}{'-tactical' if options.get('tactical') else ''}",
        game,
        4,
        options,
        lambda s, n, g=game: GAMES[g].outcome(s) is not None,
        "[data-end]",
        None,
    )
    for game, options in (
        ("war-of-the-worlds", {}),
        ("war-of-the-worlds", {"tactical": True}),
        ("tower-battle", {"target": 1}),
        ("towers-of-wyoming", {}),
        ("tower-war", {}),
    )
]


def sideways_at_each_size(page, name: str) -> list[str]:
    """What scrolls sideways on the page as it is, at each size (a screenshot of each to look at)."""
    found = []
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(60)
        page.screenshot(path=str(SHOTS / f"sideways-{name}-{size}.png"), full_page=True)
        found += [f"{name} at {w}x{h}: {what}" for what in page.evaluate(SIDEWAYS, list(MEANT_TO_SCROLL))]
    return found


def test_no_screen_scrolls_sideways_at_three_sizes(app):
    SHOTS.mkdir(parents=True, exist_ok=True)
    found = []
    for fragment in PAGES:
        app.set_viewport_size({"width": 1024, "height": 768})
        goto(app, fragment)
        app.wait_for_selector("#app > *")
        found += sideways_at_each_size(app, fragment.strip("#/").replace("/", "-") or "home")
    curtain_seen = False
    for number, (name, game, seed, options, stop, ready, step) in enumerate(TABLES):
        app.set_viewport_size({"width": 1024, "height": 768})
        players = 4 if name == "tow-four-players" else 2
        start_saved_game(
            app,
            game,
            ["Ana", "Ben", "Cy", "Di"][:players],
            seed,
            options,
            seeded(game, seed, options, stop, players),
            save_id=f"e2e-sideways-{number}",
        )
        app.wait_for_selector(f"{ready}, #curtain-go")
        if app.locator("#curtain-go").count():
            if not curtain_seen:  # the pass-the-device curtain is a screen too
                found += sideways_at_each_size(app, "curtain")
                curtain_seen = True
            app.set_viewport_size({"width": 1024, "height": 768})
            app.click("#curtain-go")
        app.wait_for_selector(ready)
        if step:
            app.click(step)
        found += sideways_at_each_size(app, name)
        if (
            game == "war-of-the-worlds" and "end" not in name
        ):  # the whole board is on the screen too (it ended at 1112 px in 1024, 783 in 768)
            for w, h in SIZES.values():
                app.set_viewport_size({"width": w, "height": h})
                bottom = app.evaluate("document.querySelector('.wotw-board').getBoundingClientRect().bottom + scrollY")
                assert bottom <= h, (name, w, h, bottom)
        if name.startswith("end-"):
            goto(app, f"#/replay/{game}/e2e-sideways-{number}")
            app.wait_for_selector("[data-screen='replay']")
            found += sideways_at_each_size(app, name.replace("end-", "history-"))
    assert curtain_seen
    assert found == [], "\n".join(found)
