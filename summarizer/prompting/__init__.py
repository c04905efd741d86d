"""Prompts: versioned templates rendered in a sandbox, and the strategy that turns one abstract
into a request."""
