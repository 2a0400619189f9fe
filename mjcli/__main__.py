"""``python -m mjcli``."""

from ._entry import main

main()
