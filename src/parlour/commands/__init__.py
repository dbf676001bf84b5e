"""The subcommands of the ``parlour`` command line, one module each.

Each module defines ``add_parser(subparsers)`` and ``run(args) -> int`` (the exit code).
"""
