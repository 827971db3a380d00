# OpenBench and other testers build with `make EXE=name`; the binary lands
# at $(EXE) in this directory.
EXE ?= jiangjun
CARGO ?= cargo
# `make EXE=name FEATURES=tune` builds the SPSA build (search parameters as
# UCI options).
FEATURES ?=
CARGO_FEATURES = $(if $(FEATURES),--features $(FEATURES),)

.PHONY: all test bench clean native

all:
	$(CARGO) build --release --bin jiangjun $(CARGO_FEATURES)
	cp target/release/jiangjun$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

# Tuned for the build machine's CPU (not portable to older CPUs).
native:
	RUSTFLAGS="-C target-cpu=native" $(CARGO) build --release --bin jiangjun $(CARGO_FEATURES)
	cp target/release/jiangjun $(EXE)

test:
	$(CARGO) test --release

bench: all
	./$(EXE) bench

clean:
	$(CARGO) clean
	rm -f $(EXE)
