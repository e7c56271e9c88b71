"""The in-app rules page of Tower Battle, in this project's own words."""

GUIDE: list[tuple[str, list[str]]] = [
    ("What you are playing", [
        "Tower Battle is a two-player card duel by Bill de Veas (2020). Each player raises two towers of cards "
        "toward the enemy's towers, while knocking down what the enemy raises.",
        "A game is won by the player who has five cards stacked on one of their towers when their own turn ends.",
    ]),
    ("The cards", [
        "Red plays hearts and diamonds, Black plays clubs and spades. Each side has the ace, 2 to 7, jack, queen and "
        "king of its two suits: there are no 8s, 9s, 10s or jokers (the TNT variant brings the 10s back).",
        "The four kings are the tower bases and are never played. The hearts tower stands opposite the clubs tower, "
        "the diamonds tower opposite the spades tower. A tower's height is the number of cards on its king.",
        "The 2s to 7s and the jacks are army cards and fight battles. Aces and queens are effect cards: they act the "
        "moment they are played.",
    ]),
    ("Setting up", [
        "Each player lays out their two kings, shuffles the other eighteen cards into a stock, and takes three cards "
        "into hand. Who starts the first game is drawn at random unless chosen on the new-game screen; after that, "
        "the players take turns starting.",
    ]),
    ("Your turn", [
        "Either play one card from your hand onto your own tower of that card's suit and carry out whatever it "
        "causes, or throw one card from your hand onto your discard pile. Either way you then draw a card.",
        "Discard piles lie face up. When your stock runs out, your discard pile is shuffled into a new stock; if both "
        "are empty you simply do not draw.",
    ]),
    ("Face up or face down", [
        "Aces and queens always go on a tower face up.",
        "An army card may go face up or face down as you please, except when the top card of your tower and the top "
        "card of the tower facing it are both face down: then it must go face up. A tower with only its king has no "
        "top card, so it never forces you.",
        "Your face-down cards are known to you alone; your opponent sees only their backs.",
    ]),
    ("Battles", [
        "A battle can only happen right after an army card is played, between that card and the top card of the "
        "facing tower, and only if that tower has a top card that is not a Diplomat.",
        "The player who played the card decides first whether to declare it. If they decline, their opponent may "
        "declare it instead (in pass-and-play, the device changes hands for this answer).",
        "Both top cards are turned face up. An ace counts 1, the number cards their face value. The higher card stays "
        "on its tower, face up; the lower card goes to its owner's discard pile; on a tie both go.",
        "A Knave turned up in a battle loses before any comparison: its whole tower is discarded and the other card "
        "stays.",
    ]),
    ("The special cards", [
        "Assassin (ace): when you play it, the top card of the facing enemy tower, if there is one, goes to its owner's "
        "discard pile (a face-down card is shown as it goes). The Assassin then stays on your tower and counts 1 in "
        "battle.",
        "Diplomat (queen): while a Diplomat is the top card of a tower, no battle can be fought between that tower and "
        "the one facing it. Only an Assassin removes it, or its whole tower being discarded.",
        "Knave (jack): an army card that must never be seen. The moment a Knave on a tower is face up - because it "
        "was played face up, turned up in a battle, or uncovered by an Assassin - every card on that tower goes to "
        "its owner's discard pile. Played face down, it makes a fine bluff.",
    ]),
    ("Winning a game and the match", [
        "At the end of your own turn (after drawing), if one of your towers holds five cards, you win the game. A "
        "tower that reaches five but falls in a battle before your turn ends does not count.",
        "A match is played to a target score chosen on the new-game screen. With simple scoring each win is worth 1 "
        "point.",
        "With advanced scoring, before the shuffle of each game each player picks one card from their stock and lays "
        "it face down as their scoring card. The winner scores its value. If the winner's scoring card is an ace, "
        "queen or jack, the winner forfeits and the loser scores the value of their own scoring card instead. The "
        "scoring cards are shown when the game ends; before the next game each player may keep the same card or pick "
        "another.",
    ]),
    ("TNT variant", [
        "The 10s join the stocks. A 10 is meant only to be discarded, but you may slip one face down onto a tower as "
        "a bluff. If a 10 on a tower is ever seen, its owner loses the game on the spot.",
    ]),
    ("How this edition reads the rules", [
        "The surviving rulebook names the Assassin, Diplomat and Knave but lost their descriptions. This edition "
        "defines them as described above; the options offer no other reading.",
        "Each stock is one colour of a deck without 8, 9, 10 and jokers: ten ranks (A, 2-7, J, Q, K) "
        "in two suits make 20 cards; the two kings become bases and 18 are shuffled (20 with the TNT 10s). Hands hold three cards. The first player is random unless fixed on the new-game screen.",
        "A tower's height counts the cards above its king; five at the end of its owner's turn wins.",
        "The stock is refilled from the discard pile when a card must be drawn and the stock is empty; with both "
        "empty, no card is drawn.",
        "Aces and queens always go face up. An army card must go face up when the top cards of both its tower and the "
        "facing tower are face down; otherwise the player chooses. An empty tower has no top card and never forces. "
        "Face-down cards are known to their owner only; the other player sees a back.",
        "A battle is offered only right after an army card is played and only if the facing tower's top card is "
        "attackable: it exists and is not a Diplomat. The mover answers first, then the other player (in "
        "pass-and-play, behind a hand-over screen).",
        "In battle both cards are turned up; ace = 1, 2-7 at face value; the higher stays face up, the lower is "
        "discarded, a tie discards both. An exposed Knave loses first: its whole tower is discarded and the other "
        "card stays; two Knaves discard both towers.",
        "Assassin: the facing tower's top card, if any, is discarded (shown); a Knave uncovered this way takes its "
        "whole tower with it. The Assassin stays as a card worth 1. Diplomat: no battle between its tower and the "
        "facing one while it is on top. Knave: whenever face up on a tower, its whole tower is discarded.",
        "Advanced scoring: any card of the stock may be chosen as scoring card (the original asks for a 2-7). The "
        "winner scores its value; an A, Q or J makes the winner forfeit and the loser score instead. Between games "
        "a player may swap the scoring card. The match ends when a player reaches the target.",
        "TNT: the four 10s join the stocks. A 10 may be discarded, or played face down as a bluff (never face up, so "
        "it cannot be played when both top cards are face down). A 10 seen on a tower loses its owner the game at once.",
        "Choices of this edition where the sources are silent: discard piles lie face up, so every card that leaves "
        "a tower is seen. A face-down 10 counts as an army card for offering a battle. A tower of five is turned up "
        "to be counted, so a 10 hidden in it is found out and loses. If both players' 10s are seen at once (two 10s "
        "meeting in battle), both lose: nobody scores that game.",
        "More choices: a face-down card played as an army card triggers the battle offer just like a face-up one. "
        "When a forfeiting winner's opponent also holds an A, Q or J as scoring card, nobody scores. With TNT a 10 "
        "may be chosen as scoring card and is worth 10. The player who did not start a game starts the next one. "
        "Each game of a match starts from a fresh shuffle with every card back in its owner's stock.",
    ]),
]
