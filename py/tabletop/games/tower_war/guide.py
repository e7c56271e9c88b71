"""The in-app rules page of Tower War, in this project's own words.

``GUIDE`` is a list of (heading, paragraphs). A paragraph is a string, or a pair
(rule, reading): the reading is how this edition settles that rule where the rulebook
leaves a gap, shown right under it, so every rule is said once.
"""

from __future__ import annotations

from tabletop.games.tower_war import physics as ph

GUIDE: list[tuple[str, list[str | tuple[str, str]]]] = [
    (
        "The idea",
        [
            "Two players draft cards into decks, then fight a war of small card battles. Every lost skirmish and "
            "every lost battle costs you a piece on a shared, ever higher tower of cards balanced on pyramids. "
            "Make anything fall and you lose the war - so losing a battle is bad, but a shaky hand is worse.",
        ],
    ),
    (
        "What is on the table",
        [
            "One deck of 54 cards (with two jokers) and a stash of pyramids for each player: five large, five medium "
            "and five small. The colour of a pyramid only shows whose it is.",
        ],
    ),
    (
        "The draft",
        [
            (
                "Five cards are turned face up. The splitter sorts them into two piles, pile A and pile B, each with at "
                "least one card. The other player takes whichever pile they like and the splitter gets the rest. The "
                "first player (Red) splits first, then the job alternates.",
                "the seats are called Red (player one) and Blue, after their pyramids. The draft log names no cards, "
                "so nobody can read back what went face down.",
            ),
            "Drafted cards go face down onto their new owner's stack, and nobody - not even the owner - may look at "
            "them until the draft is over: the table shows only how many each player has.",
            "After ten rounds four cards remain. One of them is turned up as the base of the tower; the other three are put away unseen.",
        ],
    ),
    (
        "Advanced drafting (option)",
        [
            "A third stash of pyramids (five of each size) waits in the middle. When you split, you may also put any "
            "number of its pyramids on one of your two piles. Whoever ends up with that pile adds the pyramids to "
            "their own stash. Pyramids still in the middle when the draft ends are put away.",
        ],
    ),
    (
        "Building a deck",
        [
            "Once the draft is over you see your cards and keep fifteen of them as your deck (all of them if you "
            "drafted fifteen or fewer). The others stay hidden and play no further part. Both decks are shuffled.",
        ],
    ),
    (
        "Battles and skirmishes",
        [
            "The war is a string of battles. Red leads the first battle and the lead then alternates. At the start of "
            "a battle both players draw three cards; whenever you must draw from an empty deck, your discard pile is "
            "shuffled to become your new deck (if that is empty too, you draw fewer).",
            (
                "A battle has three skirmishes. In each, the leader plays a card face up and then the other player "
                "answers with one. The higher value wins the skirmish. A player with nothing to play loses it.",
                "in a game by link your friend's device cannot see your hand, so it cannot skip you: when nothing "
                "in your hand can be played (only jokers as a battle opens), you pass, and the app offers nothing "
                "else. The pass is checked once those cards are seen, and again when the game ends.",
            ),
            (
                "The loser of a skirmish puts one pyramid from their stash on the top level of the tower: any size if "
                "that level is still empty, otherwise the size already standing there. A tied skirmish costs nobody a "
                "pyramid.",
                "if neither player can play in a skirmish, it is a tie. Facing an empty level, the loser may choose any "
                "size they hold, even one they cannot complete, and then loses when it runs out.",
            ),
        ],
    ),
    (
        "What a card is worth",
        [
            "Cards 2 to 9 are worth their number; 10, jack, queen, king and ace are worth 10 each.",
            "Shared suits multiply: a card of a suit you already played this battle is worth its points times the "
            "points of each earlier card of that suit. A 9 of hearts followed by a 2 of hearts makes the 2 worth 18; "
            "a 10, an 8 and then a 5 of clubs makes the 5 worth 400. The earlier cards of that suit then count "
            "nothing towards your battle total.",
            "When two cards have the same value and both are 10-point ranks, the higher rank wins: 10, then jack, "
            "queen, king and ace on top. Any other equal values tie.",
            "Doubles: if your card has the same rank as a card you played earlier in this battle, you add no "
            "pyramid should you lose that skirmish.",
            (
                "A joker is played as an exact copy of one of your earlier cards of this battle (you choose which): it "
                "takes that card's rank and suit, so it shares the suit and is always a double. A joker can never be "
                "the first card you play in a battle.",
                "a joker that has nothing to copy stays in hand and is discarded with the battle's cards (or laid on "
                "the tower if its player loses the battle having played nothing else).",
            ),
        ],
    ),
    (
        "Winning a battle",
        [
            "After the third skirmish each side adds up its cards, without any hierarchy. Example: ace of hearts, "
            "10 of clubs and 6 of clubs make 10 + 60 = 70; 9, 4 and 2 of spades make 72, so the spades win.",
            (
                "The player with the lower total adds pyramids of the level's size until the top level holds three, "
                "then lays one of their cards from this battle across those three apexes: that card is the start of a "
                "new level. On a tied total every pyramid placed in this battle goes back to its owner - the leader "
                "takes theirs back first - and no card is added.",
                "taking pyramids back after a tied battle is done by a careful hand, not a drop: it never makes "
                "anything fall. Every card lies square to the base card, never turned.",
            ),
            "Cards played in a battle that did not go into the tower go face up onto their owner's discard pile, "
            "which both players may look through.",
        ],
    ),
    (
        "Adding a piece: the unsteady hand",
        [
            (
                "Adding a pyramid or a card takes two steps. First you pick the piece up; from that moment your hand "
                "trembles and the ghost of the piece drifts around the point you aim at. Then you let go: the piece "
                "lands wherever the ghost is at that moment. Watch the drift and release at a calm moment. "
                "The hand's clock starts at your first press on the card (or arrow key), so you may look before you aim; "
                "and before you let go, the table says what a landing exactly on your aim would do (the pyramids it "
                "would overlap, whether the tower would stand), so the tremor is the only uncertainty left.",
                f"a pick-up commits you: the piece must be dropped. A drop records the aim, measured from the top "
                f"card's centre and up to {ph.DROP_REACH_MM:g} mm beyond its edges, and how long the piece was held, "
                f"up to {ph.HOLD_MS_MAX / 1000:g} seconds.",
            ),
            (
                f"The drift is a slow figure of two sways ({ph.TREMOR_FREQUENCIES_HZ[0]:g} and {ph.TREMOR_FREQUENCIES_HZ[1]:g} "
                f"times a second). It reaches {ph.TREMOR_AMPLITUDE_PYRAMID_MM:g} mm for a pyramid and "
                f"{ph.TREMOR_AMPLITUDE_CARD_MM:g} mm for a card at the bottom, and grows by "
                f"{round(ph.TREMOR_GROWTH_PER_LEVEL * 100)}% with every level: high towers are hard to feed.",
                "the level is the one the piece joins: a pyramid on card k is on level k, a card laid on level k's "
                "pyramids is card k + 1 (the base card is level 0). Where each sway starts is chosen by chance each time a "
                "piece is picked up, and both players watch the same hand: it trembles in plain sight. Its trembling "
                "tells nothing about the cards still hidden.",
            ),
            (
                f"Every {ph.TREMOR_CALM_EVERY_MS / 1000:g} seconds the hand calms down for {ph.TREMOR_CALM_MS / 1000:g} s: the "
                f"sway shrinks to {round(ph.TREMOR_CALM_FLOOR * 100)}% of its full size (at most "
                f"{ph.TREMOR_CALM_FLOOR * ph.TREMOR_AMPLITUDE_PYRAMID_MM:.1f} mm each way for a pyramid at the bottom), and the "
                "Calm light and the ghost's outline turn green. Press and hold first (the calms run from your first "
                "press; until then the light says so), wait for the calm to begin, then let go inside it.",
                f"the hand eases into each calm and out of it again over {ph.TREMOR_CALM_RAMP_MS / 1000:g} s, and when the first "
                "calm comes is chosen by chance with the sways. Games saved before the calm was added keep their old, "
                f"never-calm hand. The hand lets go by itself after {ph.HOLD_MS_MAX / 1000:g} s; the last seconds of its grip "
                "are shown in red. Reloading the page gives the hand no fresh grip: it goes on from where it was.",
            ),
            (
                "Before adding a piece you may adjust: lift a pyramid of the top level that no card covers yet and drop "
                "it again, with the same trembling hand. Your own pyramids or your opponent's, it does not matter.",
                f"at most {ph.ADJUSTMENTS_PER_PLACEMENT} adjustments before each piece you add. A lifted pyramid is off "
                "the tower while you hold it; the tower is judged when it lands.",
            ),
            "Keyboard: the arrow keys move the aim, space lets go.",
        ],
    ),
    (
        "What makes the tower fall",
        [
            "A pyramid stays up only if the centre of its base is on its card and its base does not overlap "
            "another pyramid's base (touching is fine).",
            (
                "A card stays up only if all three pyramid tips under it are under the card, and the balance point of "
                "that card together with everything resting on it lies inside the triangle of those three tips, at "
                f"least {ph.COM_MARGIN_MM:g} mm from its edges. The whole tower is checked after every drop: a heavy "
                "pyramid near the edge high up can tip a card several levels below.",
                "the rulebook gives no measurements, so the pieces are modelled: cards measure "
                f"{ph.CARD_WIDTH_MM:g} x {ph.CARD_LENGTH_MM:g} mm and weigh {ph.CARD_MASS_G:g} g; large pyramids have a "
                f"{ph.PYRAMID_BASE_MM[3]:g} mm base and weigh {ph.PYRAMID_MASS_G[3]:g} g, medium ones "
                f"{ph.PYRAMID_BASE_MM[2]:g} mm and {ph.PYRAMID_MASS_G[2]:g} g, small ones {ph.PYRAMID_BASE_MM[1]:g} mm "
                f"and {ph.PYRAMID_MASS_G[1]:g} g. These sizes and weights and the two rules for standing up are how this "
                "edition's tower behaves, and every level is checked after every placement or adjustment.",
            ),
            "The tower sways more the closer a balance point is to its triangle's edge, so you can feel a risky "
            "tower before it goes. When something falls, the table says what fell and why.",
        ],
    ),
    (
        "Losing the war",
        [
            "You lose if anything falls from the tower when you let go of a piece; if you must add a pyramid and "
            "have none of the size the level needs; or if you begin a battle without a single card.",
        ],
    ),
]
