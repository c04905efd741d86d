# One task runner for the README and CI.
VENV ?= .venv
PY := $(VENV)/bin/python
SEEDS ?= ../shared/seeds/000_89500ff302b6df21.txt
LIMIT ?= 5

.PHONY: install browser run test lint eval bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[local,dev]'
	touch $@

install: $(VENV)/.installed

# Summarize the first $(LIMIT) seed abstracts on the embedded local engine.
run: install
	$(VENV)/bin/summarizer summarize $(SEEDS) --limit $(LIMIT) -o out/seeds.jsonl
	@echo "records written to out/seeds.jsonl"

# Score the default prompt and the naive baseline on the test part, embedded engine.
eval: install
	$(VENV)/bin/summarizer eval test --prompt naive --out runs/test-naive
	$(VENV)/bin/summarizer eval test --out runs/test-default
	@echo "reports: runs/test-default/report.html (naive baseline beside it)"

# Benchmarks (bench/README.md): the embedded engine against its floor, client overhead
# against a fast loopback server, and peers on the same engine. BENCH_ARGS picks sections,
# e.g. make bench BENCH_ARGS="--only client".
PEERS_VENV := bench/.venv-peers
BENCH_ARGS ?=

$(PEERS_VENV)/.installed: bench/requirements-peers.txt
	python3 -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(PEERS_VENV)/bin/python -m pip install --quiet -r bench/requirements-peers.txt
	touch $@

bench: install $(PEERS_VENV)/.installed
	$(PY) bench/run.py $(BENCH_ARGS)

# Debian's Chromium and ChromeDriver for the browser tests (skipped where they are missing).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null) \
	      || echo "chromium not installed: browser tests will be skipped"; \
	  else echo "chromium not installed (needs root and apt-get): browser tests will be skipped"; fi; \
	fi

test: install browser lint
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check summarizer tests bench evals
	$(VENV)/bin/ruff format --check summarizer tests bench evals

clean:
	rm -rf $(VENV) out dist build
