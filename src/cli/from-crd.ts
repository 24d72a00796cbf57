/**
 * The `from-crd` subcommand: a BoundSchema for every CustomResourceDefinition
 * in the input, and on request the APIServiceExport that exports them all.
 */
import { CliIo, Command, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE, ParsedArgs, UsageError } from './command';
import { crossObjectFacts, detached, identityOf } from './cross-facts';
import { objectDiagnostic } from './findings';
import { GROUP_FLAG, groupFlag, inputOperands, isDnsLabel, isDnsSubdomain, stringFlag } from './options';
import { STREAMING_RULES } from './validate';
import { manifestToYaml, YamlStreamWriter } from '../io/yaml-out';
import { INFORMER_SCOPES, inProse } from '../model';
import { CheckedObject, formatDiagnostic } from './output/reporter';
import { TEXT_REPORTER } from './output/text';
import { Diagnostic, locateAt, SourceObject, STDIN_NAME, streamFiles } from '../io/read';
import { Spill, TempFolder } from '../io/spill';
import { boundSchemaManifestFromCrd, crdLabel, exportsForSchemas } from '../migrate';
import { canonicalDigest } from '../migrate/schema-difference';
import { contextFor } from '../rules';
import { RuleContext } from '../rules/rule';
import { Manifest, own } from '../rules/values';
import { Violation } from '../rules/violation';

export const FROM_CRD_COMMAND: Command = {
  summary: 'make BoundSchemas (and an APIServiceExport) from CRDs',
  synopsis: 'from-crd [--export NAME] [--namespace NS] [--informer-scope Cluster|Namespaced] [--versions V1,V2] [--group GROUP] FILE|DIR|- ...',
  description: [
    'Prints, as one multi-document YAML stream on stdout, a BoundSchema',
    '(v1alpha2) for every CustomResourceDefinition (apiextensions.k8s.io/v1) in',
    'the given YAML files, folders and standard input (-), in input order: named',
    '<plural>.<group>, with the CRD\'s names, scope and versions and their',
    'schema, and informerScope the CRD\'s scope (as kube-bind\'s own conversion',
    'does) unless --informer-scope says otherwise. Versions that are neither',
    'served nor stored are left out; --versions names the versions to export',
    'instead (the storage version among them). With --export NAME, an',
    'APIServiceExport (v1alpha2) named NAME that exports every resource follows',
    'them (isolation Prefixed, the served versions of each resource); CRDs of',
    'both scopes give one export per scope, NAME-namespaced and NAME-cluster,',
    'as kube-bind refuses an export that mixes them.',
    '',
    'Every document must be a CRD that kube-bind can carry: a document of another',
    'kind, a CRD without versions, with exported versions whose schemas differ',
    '(description, example and externalDocs aside), with a conversion webhook',
    'reached through a service... gets a "file:line: error: ..." line on stderr',
    'naming the object and what is wrong, and no BoundSchema; the other CRDs are',
    'still converted and printed. What is carried over with a change (a default',
    'written out, metadata or selectableFields dropped, a version left out) gets',
    'a "file:line: note: ..." line. A CRD given twice is printed once; another',
    'CRD of the same name is an error.',
    '',
    'What is printed is then checked with the rules of validate. When any',
    'finding is an error or a warning, the findings follow on stderr as validate',
    'prints them (file:line of the CRD), and objects with an error are not printed.',
    '',
    'YAML output: apiVersion, kind and metadata first; strings that YAML 1.1 or',
    '1.2 would read as something else (on, yes, 0755, ~, 1e3...) are quoted.',
    '',
    'Exit status: 0 when every document became a valid BoundSchema, 1 when one',
    'could not, or validate finds an error in the output (or the input holds no',
    'document), 2 for bad usage or unreadable input',
    '(missing file, YAML error, binary data, input too large).',
  ].join('\n'),
  flags: [
    { name: 'export', value: 'NAME', description: 'also print an APIServiceExport of this name that exports every resource (one per scope, NAME-namespaced and NAME-cluster, when the CRDs have both)' },
    { name: 'namespace', short: 'n', value: 'NS', description: 'namespace of the BoundSchemas and of the export; default none' },
    {
      name: 'informer-scope',
      value: 'SCOPE',
      choices: INFORMER_SCOPES,
      description: `informerScope of the BoundSchemas and the export, ${inProse(INFORMER_SCOPES)}; default the scope of each CRD`,
    },
    {
      name: 'versions',
      value: 'V1,V2',
      description: 'comma-separated names of the versions to export; default every version that is served or stored',
    },
    GROUP_FLAG,
  ],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const group = groupFlag(args);
    const exportName = stringFlag(args, 'export');
    const namespace = stringFlag(args, 'namespace');
    const informerScope = stringFlag(args, 'informer-scope');
    const versions = versionsFlag(args);
    if (exportName !== undefined && !isDnsSubdomain(exportName)) {
      throw new UsageError(`--export ${JSON.stringify(exportName)} is not an object name (a lowercase DNS subdomain such as widgets.example.com)`);
    }
    if (namespace !== undefined && !isDnsLabel(namespace)) {
      throw new UsageError(`--namespace ${JSON.stringify(namespace)} is not a namespace name (a lowercase DNS label of at most 63 characters)`);
    }
    const operands = inputOperands(args);
    const context = contextFor({ group });
    const convertOptions = {
      kubeBindGroup: group,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(informerScope !== undefined ? { informerScope } : {}),
      ...(versions !== undefined ? { versions } : {}),
    };
    const makeExports = (from: readonly Manifest[]): Manifest[] => (exportName !== undefined && from.length > 0
      ? exportsForSchemas(from, {
        name: exportName,
        kubeBindGroup: group,
        ...(namespace !== undefined ? { namespace } : {}),
        ...(informerScope !== undefined ? { informerScope } : {}),
      }).exports
      : []);

    // Each CRD is converted and checked as soon as its document is read, and let go: what stays is small
    // (diagnostics, findings, the facts the export and the checks across objects need). The BoundSchemas of a file
    // are printed when the file has been read to its end without a YAML error (a broken file gives none); until then
    // they wait, as YAML, in a `Spill`. stderr says the same as if everything had been read at once, so it waits for the end.
    const readDiagnostics: Diagnostic[] = [];
    const messages: Diagnostic[] = [];
    const made = new Map<string, { file: string; line: number; digest: string }>();
    /** What the rules across objects and the export read of each BoundSchema made, valid or not, in order. */
    const madeFacts: Manifest[] = [];
    // The same facts by group: each CRD is checked against the BoundSchemas of its group only, looked up, not filtered.
    const madeOfGroup = new Map<unknown, Manifest[]>();
    const keptFacts: Manifest[] = [];
    const checkedSchemas: CheckedObject[] = [];
    let firstSource: DetachedSource | undefined;
    let objectCount = 0;
    let failed = 0;
    const out = new YamlStreamWriter(io.stdout);
    const folder = new TempFolder();
    try {
      let fileNumber = 0;
      let printed = new Spill<string>(folder, `file-${fileNumber}.jsonl`);
      // What the file being read added, taken back if the file turns out broken.
      const markOf = () => ({
        messages: messages.length,
        madeFacts: madeFacts.length,
        keptFacts: keptFacts.length,
        checkedSchemas: checkedSchemas.length,
        objectCount,
        failed,
        firstSource,
        madeNames: [] as string[],
      });
      let mark = markOf();
      const onObject = (source: SourceObject): void => {
        objectCount++;
        const prefix = `${crdLabel(source.manifest)}: `;
        const result = boundSchemaManifestFromCrd(source.manifest, convertOptions);
        messages.push(...result.problems.map(p => objectDiagnostic(source, 'error', p, prefix)));
        messages.push(...result.notes.map(n => objectDiagnostic(source, 'note', n, prefix)));
        const schema = result.manifest;
        if (schema === undefined) {
          failed++;
          return;
        }
        const name: string = own(own(schema, 'metadata'), 'name');
        const digest = canonicalDigest(own(schema, 'spec'));
        const earlier = made.get(name);
        if (earlier !== undefined) {
          if (earlier.digest === digest) {
            messages.push(objectDiagnostic(source, 'note', `${prefix}the same CRD as at ${earlier.file}:${earlier.line}: its BoundSchema ${JSON.stringify(name)} is printed once`));
          } else {
            failed++;
            messages.push(objectDiagnostic(source, 'error',
              `${prefix}defines ${JSON.stringify(name)} differently from the CRD at ${earlier.file}:${earlier.line}: `
              + 'one BoundSchema name cannot hold both; only the first is printed'));
          }
          return;
        }
        made.set(name, { file: source.file, line: source.line, digest });
        mark.madeNames.push(name);
        const origin = detach(source);
        firstSource ??= origin;
        // What is printed must pass validate: the BoundSchema's own rules, and the rules across objects against the
        // BoundSchemas made before it (they report the later of two clashing schemas; exports come at the end).
        const facts = detached(crossObjectFacts(schema));
        const schemaGroup = own(own(schema, 'spec'), 'group');
        let sameGroup = madeOfGroup.get(schemaGroup);
        if (sameGroup === undefined) madeOfGroup.set(schemaGroup, sameGroup = []);
        const across = STREAMING_RULES.acrossObjects([...sameGroup, facts], context)[sameGroup.length] ?? [];
        sameGroup.push(facts);
        madeFacts.push(facts);
        const checked = checkedOutput(schema, [...STREAMING_RULES.perObject(schema, context), ...across], origin);
        checkedSchemas.push({ ...checked, manifest: detached(identityOf(schema)) });
        if (checked.valid) {
          keptFacts.push(facts);
          printed.write(manifestToYaml(schema));
        } else {
          failed++;
        }
      };
      for await (const file of streamFiles(operands, io.stdin, settings.limits, onObject)) {
        for (const d of file.diagnostics) readDiagnostics.push(d);
        if (file.broken) {
          messages.length = mark.messages;
          // What the broken file added sits at the end of its group's list.
          for (const f of madeFacts.slice(mark.madeFacts)) madeOfGroup.get(own(own(f, 'spec'), 'group'))?.pop();
          madeFacts.length = mark.madeFacts;
          keptFacts.length = mark.keptFacts;
          checkedSchemas.length = mark.checkedSchemas;
          objectCount = mark.objectCount;
          failed = mark.failed;
          firstSource = mark.firstSource;
          for (const name of mark.madeNames) made.delete(name);
        } else {
          for (const yaml of printed.read()) out.writeRendered(yaml);
        }
        printed.dispose();
        printed = new Spill<string>(folder, `file-${++fileNumber}.jsonl`);
        mark = markOf();
      }
      printed.dispose();
    } finally {
      folder.remove();
    }

    const inputErrors = readDiagnostics.some(d => d.severity === 'error');
    const inputs = operands.map(o => (o === '-' ? STDIN_NAME : o)).join(' ');
    if (objectCount === 0 && !inputErrors) {
      failed++;
      messages.push({ severity: 'error', file: inputs, message: 'no document in the input: expected CustomResourceDefinitions' });
    }
    if (exportName !== undefined && madeFacts.length === 0 && objectCount > 0) {
      messages.push({ severity: 'error', file: inputs, message: `no BoundSchema could be made, so no APIServiceExport ${JSON.stringify(exportName)} either` });
    }
    for (const d of [...readDiagnostics, ...messages]) io.stderr.write(formatDiagnostic(d) + '\n');

    // The export(s) of every BoundSchema made are checked (and reported); those of the printed ones are printed.
    const exportsOfAll = makeExports(madeFacts);
    const exportFindings = checkExports(exportsOfAll, madeFacts, context);
    const checked = [...checkedSchemas, ...exportsOfAll.map((e, i) => checkedOutput(e, exportFindings[i], firstSource))];
    if (checked.some(o => o.violations.some(v => v.severity !== 'info'))) {
      io.stderr.write(TEXT_REPORTER.render({ checked, skipped: 0, inputErrors: 0 }));
    }
    failed += checked.slice(checkedSchemas.length).filter(o => !o.valid).length;
    let exports = makeExports(keptFacts);
    if (keptFacts.length !== madeFacts.length && exports.length > 0) {
      // The exports were checked with every schema; smaller ones are checked again, and withheld if invalid.
      const again = checkExports(exports, keptFacts, context);
      exports = exports.filter((_, i) => !again[i].some(v => v.severity === 'error'));
    }
    if (exports.length > 1) {
      // Named after what is printed: a scope whose only BoundSchema was withheld gets no export.
      const exportNames = exports.map(e => JSON.stringify(own(own(e, 'metadata'), 'name'))).join(' and ');
      const message = 'the CRDs are of both scopes, and kube-bind refuses an export whose resources differ in scope (KB175): '
        + `--export ${JSON.stringify(exportName)} writes ${exportNames}`;
      io.stderr.write(formatDiagnostic({ severity: 'note', file: inputs, message }) + '\n');
    }
    for (const e of exports) out.write(e);
    if (inputErrors) return EXIT_TROUBLE;
    return failed > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

/** The findings of each export: its own rules, and the rules across objects with the BoundSchemas' facts. */
function checkExports(exports: readonly Manifest[], schemaFacts: readonly Manifest[], context: RuleContext): Violation[][] {
  if (exports.length === 0) return [];
  const across = STREAMING_RULES.acrossObjects([...schemaFacts, ...exports], context);
  return exports.map((e, i) => [...STREAMING_RULES.perObject(e, context), ...(across[schemaFacts.length + i] ?? [])]);
}

/** What the report needs of a CRD once it is let go: where it was, how to locate a path in it, its version names. */
interface DetachedSource {
  readonly file: string;
  readonly index: number;
  readonly line: number;
  readonly locate: (fieldPath: string) => number;
  readonly versionNames: unknown[];
}

function detach(source: SourceObject): DetachedSource {
  const place = source.place();
  const versionList = own(own(source.manifest, 'spec'), 'versions');
  return {
    file: source.file,
    index: source.index,
    line: source.line,
    locate: fieldPath => locateAt(place, fieldPath),
    versionNames: Array.isArray(versionList) ? versionList.map((v: unknown) => own(v, 'name')) : [],
  };
}

/** `--versions v1,v1beta1`: the names, checked; undefined when not given. */
function versionsFlag(args: ParsedArgs): string[] | undefined {
  const value = stringFlag(args, 'versions');
  if (value === undefined) return undefined;
  const names = value.split(',').map(v => v.trim());
  if (names.some(n => n === '')) {
    throw new UsageError(`--versions ${JSON.stringify(value)} must be comma-separated version names, such as v1,v1beta1`);
  }
  return [...new Set(names)];
}

/**
 * A produced object as validate's reporter shows it: at the file and lines of
 * the CRD it came from. Its paths are the CRD's, but for the index of a
 * version, which is looked up by name (versions may have been left out).
 */
function checkedOutput(manifest: Manifest, violations: readonly Violation[], source: DetachedSource | undefined): CheckedObject {
  const names: unknown[] = Array.isArray(own(own(manifest, 'spec'), 'versions')) ? own(own(manifest, 'spec'), 'versions').map((v: unknown) => own(v, 'name')) : [];
  const crdVersions = source?.versionNames ?? [];
  const crdPath = (path: string): string => path.replace(/^spec\.versions\[(\d+)\]/, (whole, i) => {
    const at = crdVersions.indexOf(names[Number(i)]);
    return at >= 0 ? `spec.versions[${at}]` : whole;
  });
  return {
    file: source?.file ?? STDIN_NAME,
    index: source?.index ?? 0,
    line: source?.line ?? 1,
    manifest,
    violations: violations.map(v => ({ ...v, line: source !== undefined ? source.locate(crdPath(typeof v.path === 'string' ? v.path : '')) : 1 })),
    valid: !violations.some(v => v.severity === 'error'),
  };
}
