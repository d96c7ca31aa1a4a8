# syntax=docker/dockerfile:1

# Build: the official Swift image for Debian bookworm, plus the libmicrohttpd and hiredis headers.
FROM swift:6.3-bookworm AS build
# DL3008 (pin apt versions) does not fit Debian stable: its archive keeps only the current version of a
# package, so a pin breaks the build at the next point or security release; the suite is the pin.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev libhiredis-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
COPY Tests ./Tests
# The Swift runtime is linked in, so the runtime stage needs no Swift toolchain.
RUN swift build -c release --static-swift-stdlib --product inset-server \
    && install -m 0755 "$(swift build -c release --show-bin-path)/inset-server" /usr/local/bin/inset-server

# Run: Debian slim with libmicrohttpd and hiredis alone, as a user without privileges.
FROM debian:bookworm-slim
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libhiredis0.14 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin inset
COPY --from=build /usr/local/bin/inset-server /usr/local/bin/inset-server
# Numeric (the uid given to useradd above), so Kubernetes' runAsNonRoot can verify it; same user and group.
USER 10001
# The drain ends before `docker stop`'s default 10 s grace period, so SIGKILL never cuts it short.
ENV INSET_HOST=0.0.0.0 \
    INSET_PORT=8080 \
    INSET_SHUTDOWN_TIMEOUT=8
EXPOSE 8080
# The binary probes itself: no curl in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/inset-server", "healthcheck"]
# Exec form: the server is PID 1 and receives SIGTERM itself, so it drains and exits 0.
ENTRYPOINT ["/usr/local/bin/inset-server"]
