"""docs/last-turn/: each game's "Last turn" at 390x844, after the computer's turn (the table as it
stands, what it did marked), then during "Last turn" (the board before the turn, then a move on its
way). Run on a built dist/:

    PYTHONPATH=py .venv/bin/python tools/last_turn_pictures.py [--png DIR]

(``--png DIR``: PNG copies in DIR too, for a viewer that reads no JPEG.)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import boot, start_saved_game  # noqa: E402
from serving import Site, launch  # noqa: E402
from test_last_turn import COMPUTER, after_the_computers_turn  # noqa: E402

OUT = ROOT / "docs" / "last-turn"
# each animation paused half way, so "during" shows a piece on its way
HALF_WAY = """() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const a = animate.apply(this, args);
    if (window.__halfWay) { a.pause(); a.currentTime = args[1].duration / 2; }
    return a;
  };
}"""


def picture(page, name: str, png: Path | None) -> None:
    page.screenshot(path=str(OUT / f"{name}.jpg"), type="jpeg", quality=70)
    if png is not None:
        page.screenshot(path=str(png / f"{name}.png"))


def pictures(page, game: str, png: Path | None) -> None:
    moves = after_the_computers_turn(game)
    start_saved_game(page, game, ["Ana", COMPUTER], 5, {}, moves, save_id=f"pictures-{game}")
    page.wait_for_selector("#last-turn")
    page.evaluate(HALF_WAY)
    picture(page, f"{game}-1-after", png)
    page.click("#last-turn")
    page.wait_for_selector(".turn-banner.last-turn[data-last-turn='0']")
    picture(page, f"{game}-2-before", png)
    page.evaluate("window.__halfWay = true")
    page.wait_for_selector(".turn-banner.last-turn[data-last-turn='1']")
    picture(page, f"{game}-3-during", png)
    page.evaluate("window.__halfWay = false")
    page.wait_for_selector("#last-turn")


def main() -> None:
    png = Path(sys.argv[sys.argv.index("--png") + 1]) if "--png" in sys.argv else None
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright, Site(ROOT / "dist") as site:
        browser = launch(playwright)
        context, page, _ = boot(browser, site, viewport=(390, 844))
        for game in ("war-of-the-worlds", "tower-war", "tower-battle", "towers-of-wyoming"):
            pictures(page, game, png)
            print(f"{game}: {sorted(p.name for p in OUT.glob(game + '-*'))}")
        context.close()
        browser.close()


if __name__ == "__main__":
    main()
