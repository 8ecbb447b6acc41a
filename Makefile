# marbleboard: every target sets up .venv itself when it is missing or older
# than pyproject.toml, so a fresh clone needs only `make run` or `make test`.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP  := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
NODE_STAMP := node_modules/.installed
BOARD  ?= wampoo
CHIP   ?= rp2040
PORT   ?=
BUILD  := build/firmware/$(BOARD)-$(CHIP)

.PHONY: run test test-needs firmware flash bench train lint docs clean

# What running needs (make run, firmware, flash), with the magnetic model the
# simulated board reads its sensors through; the tools for testing come on top.
$(RUN_STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "marbleboard needs Python 3.11 or newer (found $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[sim]'
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Under Node: the MicroPython VM (WebAssembly) that runs the firmware's tests, and
# rp2040js, the emulated Pico that runs stock MicroPython with the firmware as flashed.
$(NODE_STAMP): package.json
	@command -v npm >/dev/null || \
	  { echo "Node.js and npm are needed to test the firmware under MicroPython (Debian: apt-get install nodejs npm)"; exit 1; }
	npm install --silent
	touch $(NODE_STAMP)

run: $(RUN_STAMP)
	$(BIN)/marbleboard run

# The system's part (Python's venv, Node.js, Chromium) is checked first, before
# minutes of installing: make takes the prerequisites in order.
# Most tests wait on a board, a browser, a broker or an emulated chip rather than
# compute, so two run at once on two cores; a file's tests stay on one worker, so
# its fixtures are built once. The slowest are named at the end of every run.
TEST_WORKERS ?= 2
test: test-needs $(STAMP) $(NODE_STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile --durations=25

test-needs:
	@PYTHON=$(PYTHON) $(SHELL) tests/system-needs

firmware: $(RUN_STAMP)
	$(BIN)/marbleboard firmware build --board $(BOARD) --chip $(CHIP) --out $(BUILD) \
	  $(if $(MICROPYTHON),--micropython $(MICROPYTHON))

flash: firmware
	$(BIN)/marbleboard firmware flash --build $(BUILD) $(if $(PORT),--port $(PORT))

# OpenSpiel, the playouts' reference, is for the bench alone.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $(BENCH_STAMP)

bench: $(STAMP) $(BENCH_STAMP) $(NODE_STAMP)
	$(BIN)/marbleboard bench

# A game's learned evaluation, from a fixed seed, written into the package
# (bots/weights): make train GAME=wahoo (docs/bots.md says how long each takes).
train: $(RUN_STAMP)
	$(BIN)/marbleboard train $(GAME) $(if $(PLAYERS),--players $(PLAYERS))

# MicroPython's API for the Pico, for type-checking the firmware's hardware
# module: kept out of .venv, whose own checks its stdlib stubs would confuse.
STUBS := build/micropython-stubs
$(STUBS)/.installed: $(STAMP)
	rm -rf $(STUBS)
	$(BIN)/pip install --quiet --target $(STUBS) micropython-rp2-rpi-pico-stubs==1.29.0.post1
	touch $@

lint: $(STAMP) $(STUBS)/.installed
	$(BIN)/ruff check host tests firmware
	$(BIN)/mypy
	$(BIN)/mypy --config-file firmware/mypy.ini firmware/marblefw/pico.py

# Regenerate the committed board files, pictures and tables from the layouts,
# for every board that ships (tests/board checks none of them is stale).
LAYOUTS := wampoo wahoo wahoo6 stomple
# The boards whose build under the holes is designed (board sensing proves it).
SENSED := wampoo wahoo wahoo6 stomple
# The boards whose tiles are drawn, so built from them: their bills of materials
# built from the modules too.
TILED := wampoo wahoo
docs: $(STAMP)
	@for b in $(LAYOUTS); do \
	  $(BIN)/marbleboard board export $$b -o hardware/boards/$$b.json && \
	  $(BIN)/marbleboard board render $$b -o docs/images/$$b.svg && \
	  $(BIN)/marbleboard board render $$b --template -o hardware/templates/$$b-drill.svg && \
	  $(BIN)/marbleboard board render $$b --template --underside \
	    -o hardware/templates/$$b-underside.svg && \
	  $(BIN)/marbleboard board dxf $$b -o hardware/templates/$$b.dxf && \
	  $(BIN)/marbleboard board bom $$b --markdown -o hardware/bom/$$b.md && \
	  $(BIN)/marbleboard board power $$b --markdown -o hardware/power/$$b.md && \
	  $(BIN)/marbleboard board wiring $$b --markdown -o hardware/wiring/$$b.md && \
	  $(BIN)/marbleboard board netlist $$b -o hardware/netlist/$$b.net || exit 1; \
	done
	@for b in $(TILED); do \
	  $(BIN)/marbleboard board bom $$b --assembly fab --markdown \
	    -o hardware/bom/$$b-modules.md && \
	  $(BIN)/marbleboard board render $$b --template --assembly fab \
	    -o hardware/templates/$$b-modules-drill.svg && \
	  $(BIN)/marbleboard board render $$b --template --underside --assembly fab \
	    -o hardware/templates/$$b-modules-underside.svg && \
	  $(BIN)/marbleboard board dxf $$b --assembly fab \
	    -o hardware/templates/$$b-modules.dxf || exit 1; \
	done
	@for b in $(SENSED); do \
	  $(BIN)/marbleboard board sensing $$b --markdown -o hardware/sensing/$$b.md && \
	  $(BIN)/marbleboard board section $$b -o hardware/sensing/$$b-section.svg || exit 1; \
	done
	$(BIN)/marbleboard board pcb -o hardware/pcb
	$(BIN)/marbleboard board schematic -o hardware/schematic
	$(BIN)/marbleboard board parts3d -o hardware/mechanical
	$(BIN)/python -m marbleboard.table.pictures docs/images

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
