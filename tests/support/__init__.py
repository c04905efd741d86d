"""What tests share: the CLI runner, the loopback fake endpoint, sample abstracts and answers,
time bounds and process helpers. Test modules import from here, never from each other."""
