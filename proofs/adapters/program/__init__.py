"""How the checker reaches a program: its process, its fenced channel, and the narrowing of a
request that breaks."""
