"""Games by link: two or more devices that do not trust each other play one game by passing links,
with no server. The cipher of the joint shuffle (``cipher``, ``deck``), the commitments to chance
(``chance``), what a link carries and how a device checks it (``record``, ``codes``). It sits above
the games and below the browser side, and never imports the browser.
"""
