# DiffBench — see README.md. `make test` and `make bench` install what is
# missing (as root, through apt-get), build, and run.
SWIFT ?= swift

.PHONY: setup test build release clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

test: setup
	$(SWIFT) test

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
	"$$bin" teach Datasets/canonical/feed-refresh-old.json Datasets/canonical/feed-refresh-new.json --name feed-refresh
