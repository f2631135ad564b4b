"""The proof obligations of each game, their verdicts, and where the specification meets
the answers of the implementation under test."""
