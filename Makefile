# Legible — build, test, demo and benchmark.
# `make demo` and `make test` are all a fresh Debian machine with the Swift toolchain needs.

SWIFT      ?= swift
APT_PKGS   := libtesseract-dev libleptonica-dev zlib1g-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd poppler-utils qpdf openssl pkg-config \
              mupdf-tools ghostscript imagemagick libtiff-tools zsh time fonts-urw-base35
BIN        := .build/release/legible
SAMPLE     := Samples/two-pages.pdf
export OMP_THREAD_LIMIT := 1

.PHONY: all deps build test library-client docs soak demo bench sweep fuzz fuzz-jpx fuzz-content train-forms models clean install install-files

all: build

## deps: install the system libraries, models and test oracles that are missing (apt-get; quiet when all are present)
deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

## build: release binary at .build/release/legible
build: deps
	$(SWIFT) build -c release --product legible --static-swift-stdlib

## test: unit and end-to-end tests (Swift Testing), then the library's example client
test: deps
	$(SWIFT) test
	$(MAKE) library-client

## library-client: build Samples/LibraryClient (a package of its own that depends on this one by
## path, as a user's would) and run it on a sample scan with the real Tesseract engine; its
## output is checked with pdftotext, pdfinfo and qpdf (Samples/LibraryClient/check.sh)
library-client: deps
	bash Samples/LibraryClient/check.sh

## docs: the Legible library's DocC archive at .build/Legible.doccarchive, with the toolchain's own
## docc (no outside plugin): the module's symbol graph is extracted from the ordinary debug build
## (swift-symbolgraph-extract, so the shared build keeps its flags), then converted; a warning fails it
DOCC_BIN   = $(dir $(realpath $(shell command -v $(SWIFT))))
docs:
	$(SWIFT) build --target Legible
	@bin=$$($(SWIFT) build --show-bin-path); rm -rf .build/symbol-graphs && mkdir -p .build/symbol-graphs && \
	$(DOCC_BIN)swift-symbolgraph-extract -module-name Legible \
	  -target $$($(SWIFT) -print-target-info | grep -m1 '"triple"' | cut -d'"' -f4) \
	  -I $$bin/Modules -Xcc -fmodule-map-file=$$bin/CTesseract.build/module.modulemap \
	  -I Sources/CLeptonica/include -I Sources/CZlib \
	  -minimum-access-level public -output-dir .build/symbol-graphs
	$(DOCC_BIN)docc convert Sources/Legible/Legible.docc --additional-symbol-graph-dir .build/symbol-graphs \
	  --fallback-display-name Legible --fallback-bundle-identifier org.legible.Legible \
	  --output-path .build/Legible.doccarchive --warnings-as-errors
	@echo "Wrote .build/Legible.doccarchive (docc preview Sources/Legible/Legible.docc --additional-symbol-graph-dir .build/symbol-graphs to browse it)"

## soak: the watch-folder crash test at scale: 200 files dropped in bursts while the watcher is
## killed with SIGKILL at random moments and restarted (`make test` runs it with 30)
soak: deps
	LEGIBLE_SOAK_FILES=200 $(SWIFT) test --filter WatchCrashTests

## demo: OCR a sample scan and show how to look at the result
demo: build
	@mkdir -p out
	$(BIN) ocr $(SAMPLE) out/demo.pdf --sidecar out/demo.txt
	@echo
	@echo "Wrote out/demo.pdf (searchable) and out/demo.txt (the recognized text)."
	@echo "First lines of the text layer, as pdftotext reads it:"
	@pdftotext -l 1 out/demo.pdf - | head -n 5
	@echo
	@echo "Look at it:   pdftotext out/demo.pdf -     (text)"
	@echo "              pdftotext -bbox out/demo.pdf out/demo.html   (word boxes)"
	@echo "              qpdf --check out/demo.pdf    (structure)"

## bench: release build, then every benchmark (see bench/README.md); a script that misses its target exits 1,
## which make reports as ignored so that the rest still run
## PDFA_REAL=N: bench/pdfa-ocr.sh also converts every Nth file of the real-world corpus (page 1 OCR'd)
PDFA_REAL ?= 10
bench: build
	-bash bench/run-ocr-bench.sh
	-bash bench/text-vs-pdftotext.sh
	-bash bench/pdf-corpus-sweep.sh
	-bash bench/rewrite-roundtrip.sh
	-bash bench/forms-bench.sh
	-bash bench/images-vs-img2pdf.sh
	-bash bench/batch-throughput.sh
	-bash bench/jbig2-vs-pdfimages.sh
	-bash bench/images-vs-pdfimages.sh
	-bash bench/jpx-vs-leptonica.sh
	-bash bench/compose-vs-pdftoppm.sh
	-bash bench/optimize-vs-ocrmypdf.sh
	-bash bench/flatten-sweep.sh
	-bash bench/fill-roundtrip.sh
	-bash bench/ocr-multilingual.sh
	-bash bench/pdfa-corpus.sh
	-PDFA_REAL=$(PDFA_REAL) bash bench/pdfa-ocr.sh

## train-forms: the form detector's learned scorer (issue 15): every candidate of the large forms corpus
## (../shared/corpus/forms-large, rendered by ../shared/bench/forms/render-flat.sh) with its features, dumped
## by the forms-detect harness, then bench/forms/train.py: logistic regression, leave-one-source-out figures,
## Models/forms/field-scorer.json and Sources/Forms/Scoring/FieldScorer+Model.swift rewritten
## (TRAIN_FLAGS=--on ships it switched on; --no-write only measures)
TRAIN_FLAGS ?=
train-forms: deps
	LEGIBLE_FORMS_CANDIDATES=1 LEGIBLE_FORMS_SCORER=off CORPUS=large bash bench/forms-detect.sh
	eval "$$(../shared/bench/setup.sh)"; "$$BENCH_PY" bench/forms/train.py --truth-dir ../shared/corpus/forms-large/truth \
	  --candidates flat=/tmp/legible-forms-detect-large/flat/fields.cand \
	  --apply flat_noisy=/tmp/legible-forms-detect-large/flat_noisy/fields.cand $(TRAIN_FLAGS)

## fuzz: the PDF reader's libFuzzer target (Fuzz/: swiftc -sanitize=fuzzer,address, outside the package),
## seeded with the corpus's small files, for FUZZ_SECONDS (default 1800); findings in .build/fuzz/artifacts/
FUZZ_SECONDS ?= 1800
fuzz: deps
	bash Fuzz/run.sh $(FUZZ_SECONDS)

## fuzz-jpx: the JPEG 2000 decoder's libFuzzer target (Fuzz/run-jpx.sh), seeded with the corpus's
## JPX streams, for FUZZ_SECONDS; findings in .build/fuzz-jpx/artifacts/
fuzz-jpx: deps
	bash Fuzz/run-jpx.sh $(FUZZ_SECONDS)

## fuzz-content: the content-stream interpreter's libFuzzer target (Fuzz/run-content.sh: PDF and
## PDFText as one module), seeded with the corpus's page contents; findings in .build/fuzz-content/artifacts/
fuzz-content: deps
	bash Fuzz/run-content.sh $(FUZZ_SECONDS)

## install: the release binary, its man page and bash, zsh and fish completions under $(DESTDIR)$(PREFIX)
## (default /usr/local); the man page and completions are made by the binary from its own option tables
PREFIX  ?= /usr/local
DESTDIR ?=
install: build install-files

## install-files: install what `install` installs from an existing BIN (no build; tests use the debug binary)
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/legible
	$(BIN) --generate-man > $(DESTDIR)$(PREFIX)/share/man/man1/legible.1
	$(BIN) --generate-completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/legible
	$(BIN) --generate-completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_legible
	$(BIN) --generate-completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/legible.fish

## sweep: release build, then legible info --json --check against qpdf --check / --show-npages on every
## PDF of ../shared/corpus/pdf/ (10 s each): files read, page-count agreement, crashes, timeouts, time
sweep: build
	bash bench/pdf-corpus-sweep.sh

clean:
	rm -rf .build out

## models: install Debian's Tesseract models for the languages in LANGS (Tesseract's codes, e.g.
## make models LANGS="deu fra ita heb ara chi_sim jpn jpn_vert kor"); opt-in: `make test` needs only eng and osd,
## and the tests that need another model say so when they are skipped
LANGS ?=
models:
	@[ -n "$(LANGS)" ] || { echo 'name the languages: make models LANGS="deu fra heb jpn"'; exit 1; }
	@pkgs=""; for l in $(LANGS); do p="tesseract-ocr-$$(echo $$l | tr '_A-Z' '-a-z')"; \
	  dpkg -s $$p >/dev/null 2>&1 || pkgs="$$pkgs $$p"; done; \
	if [ -n "$$pkgs" ]; then \
	  echo "installing:$$pkgs"; SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$pkgs >/dev/null; \
	fi
