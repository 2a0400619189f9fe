"""Malaysian 3 Kaki (with Fei jokers): its patterns (predicates) and its settlement rules."""
