"""``python -m casino_proofs`` is ``casino-proofs``."""

from casino_proofs.command.main import main

raise SystemExit(main())
