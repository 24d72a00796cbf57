#!/usr/bin/env bash
# The package as published: `npm pack` must hold the compiled library, its
# type declarations, the jsii assembly and the CLI, and nothing from test/;
# a fresh cdk8s app that installs the tarball beside its peer dependencies
# must import it and synthesize the CRDs. Run after `jsii` (the test task does).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
npm pack --silent --pack-destination "$work" > /dev/null
tarball="$(ls "$work"/*.tgz)"
tar tzf "$tarball" > "$work/contents"

fail() { echo "package smoke test: $*" >&2; exit 1; }
for expected in package/lib/index.js package/lib/index.d.ts package/.jsii package/bin/cdk8s-kube-bind \
  package/lib/cli/main.js package/node_modules/yaml/package.json package/LICENSE package/README.md; do
  grep -qx "$expected" "$work/contents" || fail "the tarball lacks $expected"
done
if grep -E '^package/(test|src|examples|scripts)/' "$work/contents" > /dev/null; then
  fail "the tarball holds files that are not part of the library: $(grep -E '^package/(test|src|examples|scripts)/' "$work/contents" | head -3 | tr '\n' ' ')"
fi

# Peer versions: the ones this repo is tested with.
peer() { node -p "require('$root/package.json').devDependencies['$1']"; }
app="$work/app"
mkdir -p "$app"
cd "$app"
echo '{ "name": "smoke-app", "version": "0.0.0", "private": true }' > package.json
npm install --silent --no-audit --no-fund --prefer-offline "$tarball" \
  "cdk8s@$(peer cdk8s)" "constructs@$(peer constructs)" "cdk8s-plus-27@$(peer cdk8s-plus-27)" > /dev/null

cat > main.js <<'JS'
const { App, Chart } = require('cdk8s');
const { KubeBindCrds } = require('cdk8s-kube-bind');
const app = new App({ outdir: 'dist' });
const chart = new Chart(app, 'crds', { namespace: 'should-not-leak' });
new KubeBindCrds(chart, 'kube-bind');
app.synth();
for (const m of chart.toJson()) {
  if (m.metadata.namespace !== undefined) {
    console.error(`package smoke test: ${m.metadata.name} carries namespace ${m.metadata.namespace}`);
    process.exit(1);
  }
}
JS
node main.js
out="$(cat dist/*.k8s.yaml)"
grep -q 'name: apiserviceexports.kube-bind.io' <<< "$out" || fail "the fresh app did not synthesize the APIServiceExport CRD"
grep -q 'name: boundschemas.kube-bind.io' <<< "$out" || fail "the fresh app did not synthesize the BoundSchema CRD"
npx --no-install cdk8s-kube-bind validate dist > /dev/null || fail "the installed CLI rejected the app's output"
echo "package smoke test: $(basename "$tarball") installs in a fresh app and synthesizes the CRDs"
