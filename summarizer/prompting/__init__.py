"""prompting"""
