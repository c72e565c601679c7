#!/usr/bin/env bash
# Installs what building, running and testing TextRotor need on Debian 12, when it is missing:
# Debian packages with apt-get (as root, or through sudo) and the Python packages the tests use.
# Sourced by tools/run and tools/test; safe to run again (it installs nothing that is there).
set -euo pipefail

textrotor_setup() {
  local packages=(libicu-dev libxml2-dev libcld2-dev pkg-config espeak-ng sox publicsuffix python3 gcc
    libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm libzip-dev liblouis-dev liblouis-data unicode-cldr-core time)
  local need=()
  for pkg in "${packages[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "textrotor setup: installing ${need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    timeout 900 "${sudo[@]}" apt-get update -qq
    timeout 1800 "${sudo[@]}" apt-get install -y -qq "${need[@]}" >&2
  fi
  if ! command -v swift >/dev/null 2>&1; then
    echo "textrotor setup: Swift 6.1 or later is needed (https://www.swift.org/install/linux/)" >&2
    return 1
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then textrotor_setup; fi
