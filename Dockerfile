# Legible in a container: Debian slim with the runtime libraries and models only, and the release
# binary `make build` makes (Swift's standard library linked in statically, so no Swift runtime).
#
#   make build && docker build -t legible .
#   docker run --rm -v "$PWD:/work" legible ocr scan.pdf out.pdf
#   docker run -d -v /srv/legible:/srv/legible legible watch /srv/legible/inbox --out /srv/legible/out \
#       --archive /srv/legible/archive --failed /srv/legible/failed --status-file /srv/legible/status.json
FROM debian:bookworm-slim

# libtesseract5 and liblept5 are opened at run time (dlopen); zlib1g is linked. Add a
# tesseract-ocr-LANG package per further language (`legible languages` lists those installed).
# fonts-urw-base35: the standard fonts `--output-type pdfa` embeds when an input does not.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libtesseract5 liblept5 zlib1g tesseract-ocr-eng tesseract-ocr-osd fonts-urw-base35 \
 && rm -rf /var/lib/apt/lists/*

COPY .build/release/legible /usr/local/bin/legible

# Not root: outputs belong to the user the container runs as (docker run --user to choose).
RUN useradd --system --create-home --home-dir /work legible
USER legible
WORKDIR /work
ENV OMP_THREAD_LIMIT=1

# For a watcher started with --status-file /srv/legible/status.json: healthy while it says so.
HEALTHCHECK --interval=60s --timeout=5s CMD ["sh", "-c", "test ! -e /srv/legible/status.json || grep -q '\"state\" : \"watching\"' /srv/legible/status.json"]

ENTRYPOINT ["legible"]
CMD ["--help"]
