"""``python -m parlour`` runs the command line."""

from parlour.cli import main

raise SystemExit(main())
