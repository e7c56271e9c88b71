"""A seed from the page's address (``?seed=N``): whoever wrote the link chose the deal, so they can
know the hidden cards. The start screen (new-game form, embed) says so while that seed is the one
the form would deal from, and offers a fresh deal; an embed opened with ``play=1`` stops there
instead of starting at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.ui.web.dom import El, h

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def chosen_by_link(url_seed: int | None, form: dict[str, Any]) -> bool:
    """Whether the form would deal from the seed the address gave."""
    return url_seed is not None and str(form.get("seed") or "") == str(url_seed)


def words(seed: int, hidden_information: bool) -> str:
    """What a link's seed means for the player, in the game's own terms."""
    if hidden_information:
        return f"This deal was chosen by the link (seed {seed}): whoever wrote the link can know the hidden cards."
    return f"This game was set up by the link (seed {seed}): whoever wrote the link can know how its chances fall."


def note(ctx: Any, act: Any, form: dict[str, Any], module: GameModule) -> El | None:
    """The notice and its "Take a fresh deal" button, or None when the form deals afresh anyway
    (``ctx``: the screen's ScreenContext, ``act`` its Actions)."""
    if ctx.url_seed is None or not chosen_by_link(ctx.url_seed, form):
        return None

    def fresh(_event: Any) -> None:
        from tabletop.ui.web import page

        form["seed"] = ""
        act.refresh()
        page.focus("embed-start" if ctx.route.name == "embed" else "start-game")  # the button it stood by is gone

    return h(
        "div.notice.link-seed",
        {"role": "note"},
        h("p", words(ctx.url_seed, bool(getattr(module, "HIDDEN_INFORMATION", True)))),
        h("button#fresh-deal", {"type": "button"}, "Take a fresh deal", on_click=fresh),
    )
