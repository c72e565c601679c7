#!/usr/bin/env bash
# Builds the DocC documentation of the TextRotor facade (Sources/TextRotor/TextRotor.docc) into
# .build/docs/TextRotor.doccarchive, with every DocC warning an error (a broken symbol link fails).
# Uses the toolchain's own `docc`; no plugin is needed. Serve it with any static file server, or
# open .build/docs/TextRotor.doccarchive/index.html through one.
set -euo pipefail
cd "$(dirname "$0")/.."
# A clean build every time (about 40 s): an incremental one re-emits only the modules it recompiles,
# and the facade's graph, which carries the re-exported modules' doc comments, goes stale.
graphs=.build/docs/build/symbol-graphs
rm -rf .build/docs
mkdir -p "$graphs"
# The symbol graphs of the facade module and the modules it re-exports (@_exported): DocC files
# their symbols under TextRotor.
swift build --target TextRotor --scratch-path .build/docs/build \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
# Only the facade's graphs: they already hold the re-exported symbols, filed under TextRotor.
facade=.build/docs/facade-symbol-graphs
rm -rf "$facade" && mkdir -p "$facade" && cp "$graphs"/TextRotor.symbols.json "$facade"/
# Extension graphs (TextRotor@Swift… for re-exported extensions of other modules' types) exist only
# when there are such extensions: copy whichever there are.
for graph in "$graphs"/TextRotor@*.symbols.json; do
  if [ -e "$graph" ]; then cp "$graph" "$facade"/; fi
done
docc convert Sources/TextRotor/TextRotor.docc \
  --additional-symbol-graph-dir "$facade" \
  --fallback-display-name TextRotor --fallback-bundle-identifier org.textrotor.TextRotor \
  --output-path .build/docs/TextRotor.doccarchive --warnings-as-errors
echo "documentation: .build/docs/TextRotor.doccarchive"
