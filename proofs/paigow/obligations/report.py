"""What a check's report says of Pai Gow Poker beside its verdicts (``games.py``'s
``figures``): the hands and classes of each scope, the digest of the order, and what s. 40
leaves undecided."""

from __future__ import annotations

from typing import Any


def figure_lines(game: dict[str, Any]) -> list[str]:
    """The Pai Gow figures: hands, the silence report and the digest of the order."""
    lines = ["", "Pai Gow Poker, s. 40:"]
    for scope in ("high", "low"):
        lines.append(f"  {scope} hands: {game['hands'][scope]:,} hands in "
                     f"{game['classes'][scope]:,} classes; order digest sha256:"
                     f"{game['digest'][scope][:16]}")
    lines.append("  What s. 40 leaves undecided (pairs of distinct values of the implementation):")
    for scope in ("high", "low"):
        report = game["silence"][scope]
        for row in report["by_combination"]:
            lines.append(
                f"    {scope:<4} {row['combination']:<16} {row['distinct_values']:>5,} values "
                f"{row['pairs']:>9,} pairs: {row['decided_by_text']:>9,} by the text, "
                f"{row['decided_by_convention']:>9,} by {row['convention']}")
        across = report["across_combinations"]
        lines.append(
            f"    {scope:<4} {'across combinations':<22} {across['pairs']:>15,} pairs: "
            f"{across['decided_by_text']:>11,} by the text, "
            f"{across['decided_by_convention']:>9,} by convention")
    return lines
