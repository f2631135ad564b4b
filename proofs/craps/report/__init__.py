"""Craps's part of the reports: the lines a document says of craps, in every format."""
