# DiffBench — see README.md.
# `make test` and `make bench` install what is missing (as root, through
# apt-get), build, and run; nothing else needs to be set up first.
SWIFT ?= swift
RELEASE_BIN := .build/release/diffbench
RUN_NAME ?= bench-$(shell date -u +%Y%m%d-%H%M%S)

.PHONY: help setup build release test test-fast bench bench-quick clean

# A bare `make` lists the targets; it builds and runs nothing.
help:
	@echo "DiffBench — make targets (README.md explains each):"
	@echo "  make test               install what is missing, build, run every test (log: Reports/test.log)"
	@echo "  make test-fast          build, run only the tests that start no program, browser or valgrind (scripts/test-fast.py --list)"
	@echo "  make bench              release build, the default plan, charts and Reports/latest/index.html (~3 min)"
	@echo "  make bench-quick        the same pipeline on small sizes (under a minute after the build)"
	@echo "  make bench-ci           the CI plan with instruction counts, judged against the history or Reports/baselines/ci.json"
	@echo "  make bench-ci-baseline  record a new CI baseline (then commit Reports/baselines/ci.json)"
	@echo "  make teach              teaching pictures of the canonical examples, into Reports/teach/"
	@echo "  make example            build Examples/CustomEngine and run its engine beside the built-ins"
	@echo "  make readme-examples    run every command README.md, Guides/*.md and --help show, as written"
	@echo "  make readme-check       compile and run the README's library snippet in a scratch package"
	@echo "  make docs               DocC documentation of DiffEngines and ListUpdates into Reports/docs/"
	@echo "  make install PREFIX=DIR install the release diffbench as DIR/bin/diffbench (default DIR: /usr/local)"
	@echo "  make build | release    debug or release build of the package"
	@echo "  make clean              remove .build"

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

# Says what it builds, then lets SwiftPM show each step ("[42/310] Compiling
# Harness CostModel.swift"): a first build takes minutes and is not silent.
release: setup
	@echo "building the diffbench command (release, optimized) into .build/release/diffbench; a first build takes several minutes…"
	@$(SWIFT) build -c release --product diffbench
	@$(SWIFT) build -c release --product diffbench-serve

# Says what it builds and shows SwiftPM's steps, then runs every test with the
# full log in Reports/test.log; prints one line per suite (without a time:
# suites run in parallel and the runner's figure is the time since the run
# began, not the suite's own), every failure in
# full and the runner's closing line ("Test run with N tests … passed").
# The exit status is the test runner's (no pipe between it and make).
TEST_LOG := Reports/test.log
test: setup
	@echo "building diffbench and its test targets (debug) into .build/debug; a first build takes several minutes…"
	@$(SWIFT) build --build-tests
	@echo "running the tests (one line per suite; full log: $(TEST_LOG))…"
	@mkdir -p Reports
	@status=0; $(SWIFT) test --skip-build > $(TEST_LOG) 2>&1 || status=$$?; \
	awk '/^✘/ { print; detail = 1; next } /^↳/ { if (detail) print; next } { detail = 0 } \
	  /Suite .* (passed|failed) after/ { sub(/ after [0-9.]+ seconds?/, ""); print; next } \
	  /Test run with|error:|Fatal error|Executed [0-9]+ tests?, with [1-9]/ { print }' $(TEST_LOG); \
	echo "full log: $(TEST_LOG)"; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED (swift test exit status $$status)"; fi; \
	exit $$status

# While developing: every test that stays inside the test process. Leaves
# out CLITests (each of its tests runs the built diffbench) and the suites
# tagged .process, .browser or .valgrind; swift test filters by name only,
# so scripts/test-fast.py turns the tags into --skip patterns (--list shows
# them). Output as swift test prints it.
test-fast: setup
	@$(SWIFT) build --build-tests
	@python3 scripts/test-fast.py

# The main job: release build, datasets, the default suite, charts and the
# report page. The terminal gets the run's progress and one closing screen
# (which engine to use, the targets, where the page is); the full tables go
# to files in the run folder: run.txt (every row), targets.md, report.txt.
bench: release
	@mkdir -p Reports
	@$(RELEASE_BIN) run --name $(RUN_NAME) > Reports/.$(RUN_NAME).run.txt || { cat Reports/.$(RUN_NAME).run.txt; exit 1; }
	@mv Reports/.$(RUN_NAME).run.txt Reports/$(RUN_NAME)/run.txt
	@echo
	@$(RELEASE_BIN) chart Reports/$(RUN_NAME) --brief
	@echo "full tables: Reports/$(RUN_NAME)/run.txt (every row), targets.md, report.txt (every chart); Reports/latest is this run"

# A sub-minute smoke run of the same pipeline (after the build).
QUICK_NAME ?= quick-$(shell date -u +%Y%m%d-%H%M%S)
bench-quick: release
	@mkdir -p Reports
	@$(RELEASE_BIN) run --name $(QUICK_NAME) --sizes 100,1000 --repetitions 3 --time-budget 1 --min-time 0.02 > Reports/.$(QUICK_NAME).run.txt || { cat Reports/.$(QUICK_NAME).run.txt; exit 1; }
	@mv Reports/.$(QUICK_NAME).run.txt Reports/$(QUICK_NAME)/run.txt
	@$(RELEASE_BIN) chart Reports/$(QUICK_NAME) --brief

.PHONY: bench-ci bench-ci-baseline

# The CI gate: the CI plan (with instruction counts under callgrind) judged
# against the history (Reports/history.sqlite, once it holds 3 runs of this
# machine and plan on main), else compared with the committed baseline
# Reports/baselines/ci.json; writes
# Reports/ci/summary.md; fails (exit 1) on a regression of instructions,
# memory or steps, a failed verification or a missing row; wall time only
# warns. About 2½ minutes after the build. See scripts/bench-ci.sh.
bench-ci: release
	@bash scripts/bench-ci.sh check

# Regenerates the CI baseline (then commit Reports/baselines/ci.json).
bench-ci-baseline: release
	@bash scripts/bench-ci.sh baseline

# Examples/CustomEngine: another package's engine through DiffBenchKit, built
# and run on mixed and feed at 1,000; fails unless its rows are ok and verified,
# and unless its deliberately broken engine (CUSTOM_BENCH_BROKEN=1) costs only
# its own rows (crashed at 1,000, every other row ok).
.PHONY: example
example: setup
	@bash scripts/check-example.sh

# The release binary and the interposer library it loads, with a run path
# that lets the installed binary (or a copy of it) start from any folder.
PREFIX ?= /usr/local
.PHONY: install
install: release
	@bash scripts/install.sh $(RELEASE_BIN) $(PREFIX)

clean:
	rm -rf .build

# Every command README.md and the --help pages show, run as written from the
# repository root (scripts/check-examples.py says which few are not run and
# why); .ci/run runs it after make test and make bench-ci.
.PHONY: readme-examples
readme-examples: setup
	@$(SWIFT) build --product diffbench --quiet
	@$(SWIFT) build --product diffbench-serve --quiet
	@$(SWIFT) build -c release --product diffbench --quiet
	@$(SWIFT) build -c release --product diffbench-serve --quiet
	@python3 scripts/check-examples.py

# The README's library snippet ("The library"), compiled and run as written
# in a scratch package that depends on this checkout by path.
.PHONY: readme-check
readme-check: setup
	@bash scripts/check-readme-swift.sh

# DocC documentation of the library products (DiffEngines, ListUpdates) into
# Reports/docs/<target>/ through swift-docc-plugin; fails on any DocC warning
# (an unresolved ``symbol`` link, say). See scripts/docs.sh.
.PHONY: docs
docs: setup
	@bash scripts/docs.sh

# Teaching pictures for the canonical examples, into Reports/teach/<name>/.
.PHONY: teach
teach: setup
	$(SWIFT) build
	@bin="$$($(SWIFT) build --show-bin-path)/diffbench"; set -e; \
	"$$bin" teach ADFGT AFOXT --chars; \
	"$$bin" teach SMARTPHONE HARPOON --chars; \
	"$$bin" teach kitten sitting --chars; \
	"$$bin" teach ABCABBA CBABAC --chars; \
	"$$bin" teach BALLOON SALOON --chars; \
	"$$bin" teach Datasets/lists/feed-refresh-old.json Datasets/lists/feed-refresh-new.json --name feed-refresh; \
	"$$bin" teach Datasets/lists/feed-edits-old.json Datasets/lists/feed-edits-new.json --name feed-edits
