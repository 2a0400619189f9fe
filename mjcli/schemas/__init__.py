"""The JSON Schemas of mjcli's records (package data; read them with :func:`mjcli.contract.schema`)."""
