"""The PAR sheet's craps part: the house edge of every wager, exact (:mod:`.edges`), and the
Monte-Carlo cross-check of its arithmetic (:mod:`.montecarlo`)."""
