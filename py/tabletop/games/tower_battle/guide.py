"""The in-app rules page of Tower Battle, in this project's own words.

``GUIDE`` is a list of (heading, paragraphs). A paragraph is a string, or a pair
(rule, reading): the reading is how this edition settles that rule where the rulebook
leaves a gap, shown right under it, so every rule is said once.
"""

from tabletop.engine.saves import MAX_MOVES

GUIDE: list[tuple[str, list[str | tuple[str, str]]]] = [
    (
        "What you are playing",
        [
            "Tower Battle is a two-player card duel by Bill de Veas (2020). Each player raises two towers of cards "
            "toward the enemy's towers, while knocking down what the enemy raises.",
            "A game is won by the player who has five cards stacked on one of their towers when their own turn ends.",
        ],
    ),
    (
        "The cards",
        [
            (
                "Red plays hearts and diamonds, Black plays clubs and spades. Each side has the ace, 2 to 7, jack, queen and "
                "king of its two suits: there are no 8s, 9s, 10s or jokers (the TNT variant brings the 10s back).",
                "that makes 20 cards per colour; with the two kings laid out as bases, 18 go into the stock (20 with the TNT 10s).",
            ),
            "The four kings are the tower bases and are never played. The hearts tower stands opposite the clubs tower, "
            "the diamonds tower opposite the spades tower. A tower's height is the number of cards on its king.",
            "The 2s to 7s and the jacks are army cards and fight battles. Aces and queens are effect cards: they act the "
            "moment they are played.",
        ],
    ),
    (
        "Setting up",
        [
            "Each player lays out their two kings, shuffles the other eighteen cards into a stock, and takes three cards "
            "into hand. Who starts the first game is drawn at random unless chosen on the new-game screen; after that, "
            "the players take turns starting.",
        ],
    ),
    (
        "Your turn",
        [
            "Either play one card from your hand onto your own tower of that card's suit and carry out whatever it "
            "causes, or throw one card from your hand onto your discard pile. Either way you then draw a card.",
            (
                "When your stock runs out, your discard pile is shuffled into a new stock; if both are empty you simply do not draw.",
                "discard piles lie face up, so every card that leaves a tower is seen.",
            ),
        ],
    ),
    (
        "Face up or face down",
        [
            "Aces and queens always go on a tower face up.",
            "An army card may go face up or face down as you please, except when the top card of your tower and the top "
            "card of the tower facing it are both face down: then it must go face up. A tower with only its king has no "
            "top card, so it never forces you.",
            "Your face-down cards are known to you alone; your opponent sees only their backs.",
        ],
    ),
    (
        "Battles",
        [
            (
                "A battle can only happen right after an army card is played, between that card and the top card of the "
                "facing tower, and only if that tower has a top card that is not a Diplomat.",
                "an army card played face down offers a battle just as one played face up does.",
            ),
            "The player who played the card decides first whether to declare it. If they decline, their opponent may "
            "declare it instead (in pass-and-play, the device changes hands for this answer).",
            "Both top cards are turned face up. An ace counts 1, the number cards their face value. The higher card stays "
            "on its tower, face up; the lower card goes to its owner's discard pile; on a tie both go.",
            (
                "A Knave turned up in a battle loses before any comparison: its whole tower is discarded and the other card stays.",
                "two Knaves meeting in battle discard both towers.",
            ),
        ],
    ),
    (
        "The special cards",
        [
            (
                "Assassin (ace): when you play it, the top card of the facing enemy tower, if there is one, goes to its owner's "
                "discard pile (a face-down card is shown as it goes). The Assassin then stays on your tower and counts 1 in "
                "battle.",
                "the surviving rulebook names the Assassin, Diplomat and Knave but has lost what they do. What this "
                "edition's rules say each of the three does is its reading, and the options offer no other.",
            ),
            "Diplomat (queen): while a Diplomat is the top card of a tower, no battle can be fought between that tower and "
            "the one facing it. Only an Assassin removes it, or its whole tower being discarded.",
            "Knave (jack): an army card that must never be seen. The moment a Knave on a tower is face up - because it "
            "was played face up, turned up in a battle, or uncovered by an Assassin - every card on that tower goes to "
            "its owner's discard pile. Played face down, it makes a fine bluff.",
        ],
    ),
    (
        "Winning a game and the match",
        [
            "At the end of your own turn (after drawing), if one of your towers holds five cards, you win the game. A "
            "tower that reaches five but falls in a battle before your turn ends does not count.",
            (
                "A match is played to a target score chosen on the new-game screen: the first player to reach it wins the match.",
                f"a match also ends when it reaches {MAX_MOVES:,} moves, the most a saved game can hold: the game in progress is "
                "left unfinished, the player with more points wins the match, and equal points make it a draw.",
            ),
            (
                "With simple scoring each win is worth 1 point.",
                "each game of a match starts from a fresh shuffle, with every card back in its owner's stock.",
            ),
            (
                "With advanced scoring, before the shuffle of each game each player picks one card from their stock and lays "
                "it face down as their scoring card. The winner scores its value. If the winner's scoring card is an ace, "
                "queen or jack, the winner forfeits and the loser scores the value of their own scoring card instead. The "
                "scoring cards are shown when the game ends; before the next game each player may keep the same card or pick "
                "another.",
                "any card of the stock may be chosen, where the rulebook asks for a 2 to 7. If the loser's scoring card is an "
                "ace, queen or jack as well, nobody scores.",
            ),
        ],
    ),
    (
        "TNT variant",
        [
            (
                "The 10s join the stocks. A 10 is meant only to be discarded, but you may slip one face down onto a tower as "
                "a bluff. If a 10 on a tower is ever seen, its owner loses the game on the spot.",
                "a 10 never goes on face up, so it cannot be played when both top cards are face down; face down, it counts "
                "as an army card for offering a battle. A tower that reaches five cards is turned up to be counted, so a 10 "
                "hidden in it is found out and its owner loses instead of winning. If both players' 10s are seen at once "
                "(two 10s meeting in battle, or one turned up while the other goes out with a Knave's tower), both lose and nobody scores that game. A 10 may be chosen as scoring card and "
                "is worth 10.",
            ),
        ],
    ),
]
