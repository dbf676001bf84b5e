"""The two games' rule engines (Americana and Palace Poker)."""
