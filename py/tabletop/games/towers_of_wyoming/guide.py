"""The in-app rules page for Towers of Wyoming, in this project's own words.

``GUIDE`` is a list of (heading, paragraphs). A paragraph is a string, or a pair
(rule, reading): the reading is how this edition settles that rule where the rulebook
leaves a gap, shown right under it, so every rule is said once.
"""

from tabletop.engine.saves import MAX_MOVES

GUIDE: list[tuple[str, list[str | tuple[str, str]]]] = [
    (
        "The idea",
        [
            "Each builder tries to raise a tower of cards, all of a single suit, higher than the number of pennies "
            "left in the Settling Sky. Rivals can tear your tower down with the suit that opposes it, and you can do the same "
            "to theirs. Being the only builder left in the game also wins.",
        ],
    ),
    (
        "Cards and table",
        [
            (
                "The deck has 100 cards: clubs, diamonds, hearts and spades, 25 of each (two ordinary decks with one king of each "
                "suit taken out). Only suits count; ranks are printed for looks.",
                "each suit runs ace to queen twice, plus a single king.",
            ),
            "A foundation is a place for a tower; while it holds no card it is an empty foundation. With 2 players each builder "
            "has 2 foundations and the Sky starts with 10 pennies. With 3 players each has 1 foundation and the Sky has 10, or, "
            "if chosen on the new-game screen, 2 foundations each and a Sky of 8. With 4 players each has 1 foundation and the Sky has 10.",
            "Everyone is dealt 7 cards. The rest form the face-down draw pile; played-out cards go to a face-up discard pile. "
            "Player 1 begins and play goes round in seat order.",
        ],
    ),
    (
        "Your turn",
        [
            "First you refill your hand to 7 cards; the app does this for you as your turn begins.",
            "Then you play one or more cards, and all of them must be of one suit and go onto one single foundation or tower "
            "of one single builder. You choose the suit, how many of that suit to play and where; which of your twin cards "
            "are used does not matter, so the app simply takes them from your hand.",
            "If nothing you hold can be played anywhere, you must discard one card of your choice instead.",
        ],
    ),
    (
        "Construct: building up",
        [
            "You may add cards to any tower in play, yours or a rival's, if the tower is of the suit you are playing.",
            "You may start a tower of any suit on one of your own empty foundations. A rival's empty foundation is off limits.",
        ],
    ),
    (
        "Deconstruct: tearing down",
        [
            "You may play cards onto any tower whose suit your suit opposes, your own towers included. Spades and hearts "
            "oppose each other, and so do clubs and diamonds.",
            "Your played cards go to the discard pile, and the tower loses one card to the discard pile for each card you played. "
            "Play exactly as many as the tower holds and it becomes an empty foundation again. Play more, and the extra cards "
            "stay behind as the new tower, now of your suit.",
        ],
    ),
    (
        "When the draw pile runs out",
        [
            (
                "Whenever someone must draw and the draw pile is empty, one penny leaves the Sky, the discard pile is shuffled into a "
                "new draw pile, and drawing goes on. The app announces every such reshuffle and the new size of the Sky.",
                "this can happen in the middle of a draw. If the discard pile is empty as well there is nothing to reshuffle: the Sky "
                "stays as it is and the builder plays with the cards in hand; a builder with no card at all is passed over. The Sky "
                "never drops below 0.",
            ),
        ],
    ),
    (
        "Winning",
        [
            (
                "At the end of any turn, a builder with a tower holding more cards than there are pennies in the Sky wins. As the Sky "
                "empties, smaller towers become enough.",
                "a forced discard is a turn too, and is followed by the same check.",
            ),
            "If several builders qualify at the same moment, the tallest of those towers wins; if that is tied too, the builder "
            "whose turn it was wins if among them, otherwise the next of them in turn order.",
            (
                "If only one builder is left in the game, that builder wins.",
                "if the last builders all lose their contracts at the same reshuffle, nobody wins.",
            ),
        ],
    ),
    (
        "Optional rules",
        [
            (
                "Sudden Death: the discard pile is never reshuffled. Once the draw pile is empty nobody draws; a builder with no cards "
                "is passed over. When every hand is empty the game ends and the tallest tower wins; builders tied for it share the win. "
                "A tower taller than the Sky still wins at once, as usual.",
                "if no tower stands at all, nobody wins. The same ending closes any game in which every card ever stands in towers, "
                "with none left in a hand or pile.",
            ),
            (
                "Contractual Deadlines: at every reshuffle, each builder none of whose foundations holds a card loses the building "
                "contract and leaves the game; that builder's hand joins the discard pile before it is shuffled.",
                "the check comes after the Sky changes and before the shuffle. A builder who is out during their own draw loses that turn.",
            ),
            (
                "Tidal Influences: the Sky starts with 8 pennies whatever the number of players. At each reshuffle all the Sky's pennies "
                "are tossed: more heads adds a penny, more tails removes one, and an even split is tossed again. The app shows each toss.",
                "the tosses are fair and belong to the game's deal, so a saved game replays exactly. An empty Sky has no pennies to toss "
                "and stays empty. A climbing Sky can make a game long, but it still ends.",
            ),
            "Wheel of Opposition: opposition runs one way round a wheel. Clubs tear down diamonds, diamonds tear down spades, spades "
            "tear down hearts and hearts tear down clubs, but never the other way (diamonds cannot touch a club tower).",
            (
                "Finicky Clients: to win, a tower must hold exactly as many cards as there are pennies in the Sky.",
                "a foundation counts as a tower of no cards (the rulebook calls it one), so once the Sky is empty, a builder with an "
                "empty foundation at the end of a turn wins; several such builders are settled by turn order, as in Winning. Should the "
                "towers freeze, with no card left in a hand or pile able to build on or tear down any of them, and the Sky never able "
                "to match one (each is taller than the Sky, or the Sky is left to Tidal tosses), the game ends as in Sudden Death, "
                f"the tallest tower winning. So does a game that reaches {MAX_MOVES:,} moves, the most a saved game can hold: "
                "builders who never empty a foundation under an empty Sky could otherwise play on for ever.",
            ),
        ],
    ),
]
