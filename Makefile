# One task runner for the README and CI.
VENV ?= .venv
PY := $(VENV)/bin/python
SEEDS ?= ../shared/seeds/000_89500ff302b6df21.txt
LIMIT ?= 5

.PHONY: install browser run test test-fast lint docs eval bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[local,dev,ray]'
	touch $@

install: $(VENV)/.installed

# Summarize the first $(LIMIT) seed abstracts on the embedded local engine.
run: install
	$(VENV)/bin/summarizer summarize $(SEEDS) --limit $(LIMIT) -o out/seeds.jsonl

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
	$(PY) -m bench.run $(BENCH_ARGS)

# Debian's Chromium and ChromeDriver for the browser tests. Where they are missing, as root with
# apt-get, `make test` says so and installs them first, apt's own progress shown. Only what they
# need, and nothing already installed changes: --no-install-recommends (on Debian 12: 26 new
# packages, about 430 MB, none upgraded; with the recommends, 116 new and 15 upgraded, perl and
# systemd among them), and --no-upgrade for chromium and chromium-driver themselves. Check a
# machine with `apt-get install -s --no-install-recommends chromium chromium-driver`.
# SKIP_BROWSER=1 leaves them out and the browser tests are skipped. Under CI (CI=true) a Chromium
# that is not there afterwards fails the run instead, so that the browser tests cannot vanish.
CHROMIUM ?= /usr/bin/chromium
CHROMEDRIVER ?= /usr/bin/chromedriver
APT_GET ?= apt-get
APT_FLAGS = --no-install-recommends --no-upgrade
SKIP_BROWSER ?=

browser:
	@if [ -x "$(CHROMIUM)" ] && [ -x "$(CHROMEDRIVER)" ]; then exit 0; fi; \
	missing() { \
	  case "$${CI:-}" in \
	    ""|0|false|False|FALSE|no) echo "$$1: the browser tests will be skipped"; exit 0;; \
	    *) echo "error: $$1; under CI (CI=$$CI) the browser tests may not be skipped" >&2; exit 1;; \
	  esac; }; \
	case "$(SKIP_BROWSER)" in ""|0) ;; *) missing "Chromium not installed (SKIP_BROWSER=$(SKIP_BROWSER))";; esac; \
	if [ "$$(id -u)" != 0 ] || ! command -v "$(APT_GET)" >/dev/null; then \
	  missing "Chromium not installed (as root: apt-get install $(APT_FLAGS) chromium chromium-driver)"; fi; \
	echo "Installing Debian's chromium and chromium-driver with apt-get for the browser tests"; \
	echo "(about 430 MB with the libraries they need; SKIP_BROWSER=1 to skip them) ..."; \
	if DEBIAN_FRONTEND=noninteractive "$(APT_GET)" update \
	  && DEBIAN_FRONTEND=noninteractive "$(APT_GET)" install -y $(APT_FLAGS) chromium chromium-driver \
	  && [ -x "$(CHROMIUM)" ] && [ -x "$(CHROMEDRIVER)" ]; then echo "Chromium installed"; \
	else missing "Chromium could not be installed (see apt-get above)"; fi

test: install browser lint
	$(PY) -m pytest

# Everything but the tests marked slow (the real engine, Ray, the wheel, the browser, the
# plan hashes): the lane to run while working. `make test` runs every test. Three pytest-xdist
# workers on 2 cores: many tests wait on a subprocess, a timeout or a loopback server, so
# three keep both cores busy. FAST_WORKERS=0 runs it in this one process.
FAST_WORKERS ?= 3
test-fast: install lint
	$(PY) -m pytest -m "not slow" -n $(FAST_WORKERS)

# Style, then the house rules: the import contracts of pyproject.toml (layers, one-way
# imports, typer/openai/instructor/rich each in its place), no module over 400 lines, and the
# documentation site built with --strict (a broken link, a missing page or an API page that
# does not render fails) into a temporary folder. Not --quiet: it drops the warnings that
# --strict counts, and the build then passes whatever is broken.
# NO_MKDOCS_2_WARNING silences mkdocs-material's end-of-life banner, which is not about the docs.
MKDOCS := NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs

lint: install
	$(VENV)/bin/ruff check summarizer tests bench evals
	$(VENV)/bin/ruff format --check summarizer tests bench evals
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -q -p no:cacheprovider tests/test_layout.py
	@site=$$(mktemp -d) && $(MKDOCS) build --strict -d "$$site"; \
	status=$$?; rm -rf "$$site"; exit $$status

# The documentation site (mkdocs.yml, pages in docs/) into site/. First the README's example
# record and docs/digest.png, from recorded answers replayed through a loopback fake endpoint
# (docs/gen_example.py; without Chromium the PNG is kept as it is).
docs: install
	$(PY) docs/gen_example.py
	$(MKDOCS) build --strict -d site

clean:
	rm -rf $(VENV) out dist build site
