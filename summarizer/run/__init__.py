"""One abstract through the flow (the pipeline), and many: the batch runner, its limiter and worker
processes, the cache and its code hash, OpenAI Batch files."""
