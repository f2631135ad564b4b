"""Reports: text and JSON for a check, JUnit, SARIF, Markdown, HTML, and the findings of
the analyses."""
