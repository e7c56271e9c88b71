"""What the notice area says: errors (they stay until dismissed), confirmations (they go by
themselves: the app fades them after ``OK_NOTICE_MS``) and news.

Browser-free. A notice is ``(kind, text)``; a new notice replaces any of its kind, so errors do
not pile up. Notices survive a navigation only when the app itself navigates (``carry``): a
person following a link or Back sees a clean page.
"""

from __future__ import annotations

OK_NOTICE_MS = 6000  # how long a confirmation ("Exported: …") stays in the notice area

Notice = tuple[str, str]


class Notices:
    def __init__(self) -> None:
        self.items: list[Notice] = []  # "saves are off" is not one: screens say it in place (saves_off_note)
        self.carry = True

    def say(self, text: str, kind: str = "info") -> Notice:
        """Replace any notice of this kind with ``text``; the notice, for fading it later."""
        notice = (kind, text)
        self.items = [n for n in self.items if n[0] != kind] + [notice]
        return notice

    def add(self, kind: str, text: str) -> None:
        """One more notice beside the others (a catch-up, a refused link)."""
        self.items.append((kind, text))

    def fade(self, notice: Notice) -> bool:
        """Take a confirmation away once its time is up; whether it was still there."""
        if notice in self.items:
            self.items.remove(notice)
            return True
        return False

    def dismiss(self, index: int) -> None:
        if 0 <= index < len(self.items):
            del self.items[index]

    def clear_errors(self) -> None:
        self.items = [n for n in self.items if n[0] != "error"]

    def has_error(self) -> bool:
        return any(kind == "error" for kind, _text in self.items)

    def navigated(self) -> None:
        """A new page: its notices go unless the app itself navigated (and carried them)."""
        if not self.carry:
            self.items.clear()
        self.carry = False

    def absorb(self, problems: list[str]) -> None:
        """Show (once) what the store had to set aside, and forget it there."""
        self.items.extend(("error", p) for p in store_problem_notices(problems))
        problems.clear()


def store_problem_notices(problems: list[str]) -> list[str]:
    """The store's messages as notices: each one when there are a few, one summary when more
    (each record is listed with its reason under "Damaged records" on Home anyway)."""
    if len(problems) <= 3:
        return list(problems)
    return [
        f"{len(problems)} stored records could not be read. Each is listed under “Damaged records” on the home screen, "
        "with the reason and whether it was set aside."
    ]
