"""Pai Gow's part of the reports: the lines a document says of Pai Gow, in every format."""
