"""The sample abstract every fast test summarizes, and a valid answer for it."""

from __future__ import annotations

ABSTRACT = (
    "Class imbalance hurts recognition of tail classes. We propose ImbSAM, a class-aware "
    "optimizer, and evaluate it on CIFAR-100 where it improves tail accuracy by 4.8%. "
    "Code: https://github.com/x/imbsam."
)


def answer(**changes):
    base = {
        "tldr": "ImbSAM, a class-aware optimizer, improves tail-class accuracy.",
        "problem": "Optimizers generalize poorly on tail classes.",
        "contribution_types": ["method"],
        "introduces": ["ImbSAM"],
        "datasets": ["CIFAR-100"],
        "tasks": ["long-tailed recognition"],
        "results": [
            {"value": "4.8%", "metric": "tail accuracy", "subject": "ImbSAM", "kind": "improvement"}
        ],
        "domain": "computer_vision",
        "code_url": "https://github.com/x/imbsam",
        "keywords": ["class imbalance", "tail classes", "optimizer"],
    }
    base.update(changes)
    return base
