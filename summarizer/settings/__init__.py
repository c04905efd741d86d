"""Settings (:class:`~.config.Settings`) and their layers: flags, ``SUMMARIZER_*`` variables,
``summarizer.toml``."""
