"""axe-core (from npm, used by tests only, never shipped) run inside a page."""

from __future__ import annotations

from serving import ROOT

AXE_SOURCE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text()


def audit(page, context: str = "document", moderate: bool = False) -> list[dict]:
    """Serious and critical violations on the page as it is now (WCAG 2 A/AA rules and best
    practice), and with ``moderate`` the moderate ones too (heading order, a page without h1…)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SOURCE)
    result = page.evaluate(
        """async (ctx) => {
            const r = await axe.run(ctx === 'document' ? document : document.querySelector(ctx),
                {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                           nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
        }""",
        context,
    )
    kept = ("moderate", "serious", "critical") if moderate else ("serious", "critical")
    return [v for v in result if v["impact"] in kept]
