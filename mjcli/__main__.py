"""``python -m mjcli``."""

from .cli import main

main()
