"""The guides, shipped in the package as ``mjcli.docs`` (package data): ``mjcli help TOPIC`` prints them offline.

docs/NAME.md is built from docs/guides/NAME.md by docs/build_readme.py; this folder is both the project's
documentation and the package's copy of it, so there is one source.
"""
