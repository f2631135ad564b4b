"""Two Pai Gow engines compared: every hand named and every pair of hands ordered on both
sides, by abstraction classes (:mod:`.hands`), and the diff's Pai Gow section
(:mod:`.section`)."""
