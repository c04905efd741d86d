"""The checks behind ``summarizer doctor``: settings, API key, endpoint and its structured-output
modes, local engine, model file and cache; the CLI runs them and prints what to fix."""
