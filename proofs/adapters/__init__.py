"""The implementation under test: one door for every implementation, ours included."""
