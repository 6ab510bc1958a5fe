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
