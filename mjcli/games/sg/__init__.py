"""Singapore: its patterns (predicates) and its settlement rules."""
