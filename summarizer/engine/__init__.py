"""The embedded local engine: llama-cpp-python's server for one run or detached, the bundled model
file, the grammar sampler."""
