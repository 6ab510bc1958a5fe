# DiffBench — see README.md.
# `make test` and `make bench` install what is missing (as root, through
# apt-get), build, and run; nothing else needs to be set up first.
SWIFT ?= swift
RELEASE_BIN := .build/release/diffbench
RUN_NAME ?= bench-$(shell date -u +%Y%m%d-%H%M%S)

.PHONY: setup build release test bench bench-quick clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product diffbench

test: setup
	$(SWIFT) test

# The main job: release build, datasets, the default suite, charts and the report page.
bench: release
	$(RELEASE_BIN) run --name $(RUN_NAME)
	$(RELEASE_BIN) chart Reports/$(RUN_NAME)
	$(RELEASE_BIN) targets Reports/$(RUN_NAME)
	@echo "report: Reports/$(RUN_NAME)/index.html (Reports/latest)"

# A sub-minute smoke run of the same pipeline (after the build).
QUICK_NAME ?= quick-$(shell date -u +%Y%m%d-%H%M%S)
bench-quick: release
	$(RELEASE_BIN) run --name $(QUICK_NAME) --sizes 100,1000 --repetitions 3 --time-budget 1 --min-time 0.02
	$(RELEASE_BIN) chart Reports/$(QUICK_NAME)

.PHONY: bench-ci bench-ci-baseline

# The CI gate: the CI plan (with instruction counts under callgrind) compared
# with the committed baseline Reports/baselines/ci.json; writes
# Reports/ci/summary.md; fails (exit 1) on a regression of instructions,
# memory or steps, a failed verification or a missing row; wall time only
# warns. About 2½ minutes after the build. See scripts/bench-ci.sh.
bench-ci: release
	@bash scripts/bench-ci.sh check

# Regenerates the CI baseline (then commit Reports/baselines/ci.json).
bench-ci-baseline: release
	@bash scripts/bench-ci.sh baseline

clean:
	rm -rf .build

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
