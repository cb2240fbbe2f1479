"""Built-in heuristic players, one module per game; registered in ``arena.agents.BUILTIN_AGENTS``."""
