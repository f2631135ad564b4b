"""``python -m proofs`` is ``casino-proofs``."""

from proofs.cli import main

raise SystemExit(main())
