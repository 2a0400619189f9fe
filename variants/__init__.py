"""The built-in variant files, shipped inside the package as ``mjcli.variants``."""
