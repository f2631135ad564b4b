"""The audit bundle and its independent re-check."""
