#!/usr/bin/env bash
# The package as published: `npm pack` must hold the compiled library, its
# type declarations, the jsii assembly, the CLI and docs/rules.md, and nothing
# from test/. Two fresh cdk8s apps install the tarball beside their peers:
# - one with cdk8s-plus-27 (JavaScript) synthesizes the CRDs and a claim;
# - one with cdk8s-plus-33 and no plus-27 compiles TypeScript (tsc, strict, our
#   type declarations checked too) that claims plus-33 Secrets, as the claim's
#   resource and through addNamedResource, and its output holds the named claim.
# - the README's TypeScript snippets compile (strict) and run in the plus-33 app.
# Run after `jsii` (the test task does).
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
  package/lib/cli/main.js package/lib/cli/program.bundle.js package/node_modules/yaml/package.json package/LICENSE package/README.md \
  package/docs/rules.md; do
  grep -qx "$expected" "$work/contents" || fail "the tarball lacks $expected"
done
if grep -E '^package/(test|src|examples|scripts)/' "$work/contents" > /dev/null; then
  fail "the tarball holds files that are not part of the library: $(grep -E '^package/(test|src|examples|scripts)/' "$work/contents" | head -3 | tr '\n' ' ')"
fi

# Peer versions: the ones this repo is tested with; cdk8s-plus-33 is what
# `cdk8s init typescript-app` brings today.
peer() { node -p "require('$root/package.json').devDependencies['$1']"; }
plus33=2.5.57

# A fresh app in $1 with the tarball and the packages that follow.
new_app() {
  local dir="$1"; shift
  mkdir -p "$dir"
  echo '{ "name": "smoke-app", "version": "0.0.0", "private": true }' > "$dir/package.json"
  (cd "$dir" && npm install --silent --no-audit --no-fund --prefer-offline "$tarball" \
    "cdk8s@$(peer cdk8s)" "constructs@$(peer constructs)" "$@" > /dev/null)
}

# The claim an app wrote, as JSON: parsed from its synthesized YAML.
claims_of() {
  (cd "$1" && node -e '
    const yaml = require(require.resolve("yaml", { paths: [require.resolve("cdk8s")] }));
    const fs = require("fs");
    const docs = fs.readdirSync("dist").filter(f => f.endsWith(".k8s.yaml"))
      .flatMap(f => yaml.parseAllDocuments(fs.readFileSync("dist/" + f, "utf8")).map(d => d.toJSON()));
    const exports = docs.filter(m => m && m.kind === "APIServiceExport");
    process.stdout.write(JSON.stringify(exports.map(m => m.spec.permissionClaims)));')
}

# The app sources share one provider chart: a BoundSchema and an export claiming secrets.
schema='{ group: "widgets.example.com", names: { kind: "Widget", plural: "widgets" }, versions: [{ name: "v1" }],
  schema: { type: "object", properties: { spec: { type: "object", properties: { size: { type: "integer" } } } } } }'

# Both installs at once: they are mostly waiting on the registry and the disk.
app27="$work/app27"
app33="$work/app33"
new_app "$app27" "cdk8s-plus-27@$(peer cdk8s-plus-27)" & install27=$!
new_app "$app33" "cdk8s-plus-33@$plus33" & install33=$!
wait "$install27" || fail "npm install of the plus-27 app failed"
wait "$install33" || fail "npm install of the plus-33 app failed"

# 1. cdk8s-plus-27, JavaScript.
cat > "$app27/main.js" <<JS
const { App, Chart } = require('cdk8s');
const kplus = require('cdk8s-plus-27');
const { ApiServiceExport, BoundSchema, KubeBindCrds, PermissionClaim } = require('cdk8s-kube-bind');
const app = new App({ outdir: 'dist' });
const crds = new Chart(app, 'crds', { namespace: 'should-not-leak' });
new KubeBindCrds(crds, 'kube-bind');
const provider = new Chart(app, 'provider', { namespace: 'provider' });
const widgets = new BoundSchema(provider, 'widgets', $schema);
const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS });
claim.addNamedResource(new kplus.Secret(provider, 'creds', { metadata: { name: 'widget-creds' } }));
new ApiServiceExport(provider, 'export', { schemas: [widgets], permissionClaims: [claim] });
app.synth();
for (const m of crds.toJson()) {
  if (m.metadata.namespace !== undefined) {
    console.error(\`package smoke test: \${m.metadata.name} carries namespace \${m.metadata.namespace}\`);
    process.exit(1);
  }
}
JS
(cd "$app27" && node main.js)
out="$(cat "$app27"/dist/*.k8s.yaml)"
grep -q 'name: apiserviceexports.kube-bind.io' <<< "$out" || fail "the fresh app did not synthesize the APIServiceExport CRD"
grep -q 'name: boundschemas.kube-bind.io' <<< "$out" || fail "the fresh app did not synthesize the BoundSchema CRD"
expected27='[[{"group":"","resource":"secrets","selector":{"namedResources":[{"name":"widget-creds","namespace":"provider"}]}}]]'
[ "$(claims_of "$app27")" = "$expected27" ] || fail "the plus-27 app's claim is $(claims_of "$app27"), expected $expected27"
(cd "$app27" && npx --no-install cdk8s-kube-bind validate dist > /dev/null) || fail "the installed CLI rejected the plus-27 app's output"

# 2. cdk8s-plus-33 only, TypeScript: installing the library must not bring plus-27.
[ ! -e "$app33/node_modules/cdk8s-plus-27" ] || fail "installing the library beside cdk8s-plus-33 also installed cdk8s-plus-27"
cat > "$app33/tsconfig.json" <<'JSON'
{ "compilerOptions": { "target": "ES2022", "lib": ["es2022"], "module": "commonjs", "strict": true,
  "skipLibCheck": false, "types": [], "outDir": "out" }, "files": ["main.ts"] }
JSON
cat > "$app33/main.ts" <<TS
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-33';
import { ApiServiceExport, BoundSchema, PermissionClaim } from 'cdk8s-kube-bind';

const app = new App({ outdir: 'dist' });
const provider = new Chart(app, 'provider', { namespace: 'provider' });
const widgets = new BoundSchema(provider, 'widgets', $schema);
// A plus-33 Secret as the claim's resource: it claims secrets and names this one.
const claim = new PermissionClaim({ resource: new kplus.Secret(provider, 'creds', { metadata: { name: 'widget-creds' } }) });
claim.addNamedResource(new kplus.Secret(provider, 'ca', { metadata: { name: 'ca-bundle', namespace: 'kube-bind' } }));
claim.addMatchExpression(kplus.LabelExpression.exists('team'));
new ApiServiceExport(provider, 'export', { schemas: [widgets], permissionClaims: [claim] });
app.synth();
TS
(cd "$app33" && node "$root/node_modules/typescript/bin/tsc" -p tsconfig.json && node out/main.js) \
  || fail "the plus-33 TypeScript app did not compile or synthesize"
expected33='[[{"group":"","resource":"secrets","selector":{"labelSelector":{"matchExpressions":[{"key":"team","operator":"Exists"}]},"namedResources":[{"name":"widget-creds","namespace":"provider"},{"name":"ca-bundle","namespace":"kube-bind"}]}}]]'
[ "$(claims_of "$app33")" = "$expected33" ] || fail "the plus-33 app's claim is $(claims_of "$app33"), expected $expected33"
(cd "$app33" && npx --no-install cdk8s-kube-bind validate dist > /dev/null) || fail "the installed CLI rejected the plus-33 app's output"

# 3. The README's TypeScript snippets, in the plus-33 app (what `cdk8s init typescript-app` installs),
#    type-checked (strict) and run. A snippet with its own `new App(` is a whole program; the others
#    continue the whole program above them, so they get its `app` and `chart` before them and
#    `app.synth()` after.
readme="$app33/readme"
mkdir -p "$readme/crds"
node - "$root/README.md" "$readme" <<'JS'
const fs = require('fs');
const [readmePath, dir] = process.argv.slice(2);
const blocks = [...fs.readFileSync(readmePath, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(m => m[1]);
if (blocks.length === 0) throw new Error('README.md has no ```ts block');
// The names a snippet imports from the library, so that a continuation imports the rest of the Usage example's.
const libraryNames = code => [...code.matchAll(/import \{([^}]*)\} from 'cdk8s-kube-bind'/g)]
  .flatMap(m => m[1].split(',').map(n => n.trim()).filter(n => n !== ''));
let usage = '';
const names = blocks.map((code, i) => {
  const name = `snippet${i + 1}.ts`;
  if (/new App\(/.test(code)) {
    usage = code;
    fs.writeFileSync(`${dir}/${name}`, code);
    return name;
  }
  const own = new Set(libraryNames(code));
  const missing = libraryNames(usage).filter(n => !own.has(n));
  const prelude = "import * as readme_cdk8s from 'cdk8s';\n"
    + (missing.length > 0 ? `import { ${missing.join(', ')} } from 'cdk8s-kube-bind';\n` : '')
    + "const app = new readme_cdk8s.App();\n"
    + "const chart = new readme_cdk8s.Chart(app, 'provider', { namespace: 'mangodb-system' });\n";
  fs.writeFileSync(`${dir}/${name}`, `${prelude}${code}${/app\.synth\(\)/.test(code) ? '' : '\napp.synth();\n'}`);
  return name;
});
fs.writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({
  compilerOptions: { target: 'ES2022', lib: ['es2022'], module: 'commonjs', strict: true, skipLibCheck: false, types: [], outDir: 'out', rootDir: '.' },
  files: names,
}));

JS
# What the snippets read: a CRD file (Include) and a live object list (UpdateCheck).
# crd FILE KIND PLURAL VERSION FIELD: a one-version CRD of mangodb.example.com whose spec holds one string field.
crd() {
  cat > "$readme/crds/$1" <<YAML
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: $3.mangodb.example.com }
spec:
  group: mangodb.example.com
  names: { kind: $2, plural: $3 }
  scope: Namespaced
  versions:
  - name: $4
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: { type: object, properties: { $5: { type: string } } }
YAML
}
crd databases.yaml Database databases v1alpha1 size
crd backups.yaml Backup backups v1 destinationSecretName
printf 'apiVersion: v1\nkind: List\nitems: []\n' > "$readme/live.yaml"
ln -s ../node_modules "$readme/node_modules"
(cd "$readme" && node "$root/node_modules/typescript/bin/tsc" -p tsconfig.json) || fail "the README's TypeScript snippets do not compile against the packed library and cdk8s-plus-33"
snippets=0
for js in "$readme"/out/snippet*.js; do
  (cd "$readme" && node "$js" > /dev/null) || fail "the README snippet $(basename "$js" .js) did not synthesize"
  snippets=$((snippets + 1))
done

echo "package smoke test: $(basename "$tarball") (docs/rules.md included) synthesizes with cdk8s-plus-27 (JavaScript) and cdk8s-plus-33 (TypeScript, no plus-27 installed); both keep the named claim; the README's $snippets TypeScript snippets compile and synthesize with cdk8s-plus-33"
