/**
 * The `from-crd` subcommand: a BoundSchema for every CustomResourceDefinition
 * in the input, and on request the APIServiceExport that exports them all.
 */
import { CliIo, Command, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE, ParsedArgs, UsageError } from './command';
import { crossObjectFacts, detached, FIELDS_READ_WITHOUT_SHAPES, identityOf } from './cross-facts';
import { objectDiagnostic } from './findings';
import { temporaryFilesHelp } from './interrupt';
import { GROUP_FLAG, MAX_DOCUMENT_SIZE_FLAG, groupFlag, inputOperands, isDnsLabel, isDnsSubdomain, stringFlag } from './options';
import { STREAMING_RULES } from './validate';
import { ChunkedWriter } from '../io/write';
import { manifestToYaml, YamlStreamWriter } from '../io/yaml-out';
import { INFORMER_SCOPES, inProse } from '../model';
import { CheckedObject, formatDiagnostic } from './output/reporter';
import { TEXT_REPORTER } from './output/text';
import { FileBatch } from '../io/batch';
import { Diagnostic, locateAt, ReadLimits, SourceObject, STDIN_NAME, streamFiles } from '../io/read';
import { TempFolder } from '../io/spill';
import { BoundSchemaManifestOptions, CrdCollector, crdLabel, ExportForSchemasOptions, exportsForSchemas, markedExported, templatesForSchemas } from '../migrate';
import { Manifest, own } from '../model/manifest';
import { contextFor, crossObjectViolations, RuleContext, Violation } from '../rules';
import { tuneV8ForInputs } from './v8-tuning';

export const FROM_CRD_COMMAND: Command = {
  summary: 'make BoundSchemas (and an APIServiceExport), or labelled CRDs and templates, from CRDs',
  synopsis: 'from-crd [--export NAME | --template NAME] [--namespace NS] [--informer-scope Cluster|Namespaced] [--versions V1,V2] [--group GROUP] [--max-document-size SIZE] FILE|DIR|- ...',
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
    'With --template NAME, prints today\'s flow instead: each CRD as given, with the',
    'label kube-bind.io/exported: "true" added (nothing else changed), then an',
    'APIServiceExportTemplate (v1alpha2) named NAME offering every resource with',
    'the versions its BoundSchema would carry; CRDs of both scopes give one template',
    'per scope, NAME-namespaced and NAME-cluster. The BoundSchemas are still made',
    'and checked (kube-bind\'s backend makes them from the labelled CRDs when a',
    'consumer binds), but not printed. --template and --export exclude each other.',
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
    '',
    ...temporaryFilesHelp([
      'Temporary files: the BoundSchemas of the file being read, once they pass',
      '1 MiB, until the file is read to its end.',
    ]),
  ].join('\n'),
  flags: [
    { name: 'export', value: 'NAME', description: 'also print an APIServiceExport of this name that exports every resource (one per scope, NAME-namespaced and NAME-cluster, when the CRDs have both)' },
    { name: 'template', value: 'NAME', description: 'print the CRDs labelled for export and an APIServiceExportTemplate of this name (one per scope, NAME-namespaced and NAME-cluster, when the CRDs have both), instead of BoundSchemas' },
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
    MAX_DOCUMENT_SIZE_FLAG,
  ],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const options = fromCrdOptions(args);
    const operands = inputOperands(args);
    const folder = new TempFolder();
    try {
      const read = await readCrds(operands, options, io, settings.limits, new FileBatch(folder));
      return await finish(read, options, operands, io);
    } finally {
      folder.remove();
    }
  },
};

/** What the flags ask for, checked. */
interface FromCrdOptions {
  readonly context: RuleContext;
  readonly exportName?: string;
  /** With --template: the labelled CRDs and template(s) instead of BoundSchemas. */
  readonly templateName?: string;
  readonly group: string;
  /** How each CRD becomes a BoundSchema. */
  readonly convert: BoundSchemaManifestOptions;
  /** How the BoundSchemas become the export(s). */
  readonly export?: ExportForSchemasOptions;
}

function fromCrdOptions(args: ParsedArgs): FromCrdOptions {
  const group = groupFlag(args);
  const exportName = stringFlag(args, 'export');
  const templateName = stringFlag(args, 'template');
  if (templateName !== undefined && exportName !== undefined) {
    throw new UsageError('--template and --export exclude each other: a template is today\'s flow (the backend makes the export), --export the BoundSchema flow');
  }
  if (templateName !== undefined && !isDnsSubdomain(templateName)) {
    throw new UsageError(`--template ${JSON.stringify(templateName)} is not an object name (a lowercase DNS subdomain such as widgets)`);
  }
  const namespace = stringFlag(args, 'namespace');
  const informerScope = stringFlag(args, 'informer-scope');
  const versions = versionsFlag(args);
  if (exportName !== undefined && !isDnsSubdomain(exportName)) {
    throw new UsageError(`--export ${JSON.stringify(exportName)} is not an object name (a lowercase DNS subdomain such as widgets.example.com)`);
  }
  if (namespace !== undefined && !isDnsLabel(namespace)) {
    throw new UsageError(`--namespace ${JSON.stringify(namespace)} is not a namespace name (a lowercase DNS label of at most 63 characters)`);
  }
  const shared = {
    kubeBindGroup: group,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(informerScope !== undefined ? { informerScope } : {}),
  };
  return {
    context: contextFor({ group }),
    group,
    ...(templateName !== undefined ? { templateName } : {}),
    ...(exportName !== undefined ? { exportName, export: { name: exportName, ...shared } } : {}),
    // With --template the CRD itself is printed, labelled: its metadata is kept, so no note says it is not carried.
    convert: { ...shared, ...(versions !== undefined ? { versions } : {}), ...(templateName !== undefined ? { keepsMetadata: true } : {}) },
  };
}

/** What reading the CRDs gave: what stderr reports, and what the export and the checks across objects read. */
interface ReadCrds {
  readonly readDiagnostics: readonly Diagnostic[];
  readonly messages: readonly Diagnostic[];
  /** The facts the rules across objects and the export read of each BoundSchema made, valid or not, in order. */
  readonly madeFacts: readonly Manifest[];
  /** The same, of the BoundSchemas printed. */
  readonly keptFacts: readonly Manifest[];
  /** With --template, what the rules across objects read of each labelled CRD printed. */
  readonly labelledFacts: readonly Manifest[];
  readonly checkedSchemas: readonly CheckedObject[];
  readonly objectCount: number;
  readonly failed: number;
  readonly firstSource: DetachedSource | undefined;
  readonly out: YamlStreamWriter;
  readonly stdout: ChunkedWriter;
}

/**
 * Each CRD is converted and checked as soon as its document is read, and let
 * go: what stays is small (diagnostics, findings, the facts the export and the
 * checks across objects need). The BoundSchemas of a file are printed when the
 * file has been read to its end without a YAML error; a broken file gives
 * nothing (the batch takes back what it added). stderr says the same as if
 * everything had been read at once, so it waits for the end.
 */
async function readCrds(operands: readonly string[], options: FromCrdOptions, io: CliIo, limits: ReadLimits, batch: FileBatch): Promise<ReadCrds> {
  const messages = batch.list<Diagnostic>();
  const madeFacts = batch.list<Manifest>();
  const madeOfGroup = batch.groups<unknown, Manifest>();
  const keptFacts = batch.list<Manifest>();
  const labelledFacts = batch.list<Manifest>();
  const checkedSchemas = batch.list<CheckedObject>();
  const objectCount = batch.cell(0);
  const failed = batch.cell(0);
  const firstSource = batch.cell<DetachedSource | undefined>(undefined);
  const collector = new CrdCollector(options.convert, batch.map());
  const { context } = options;

  tuneV8ForInputs(operands);
  const onObject = (source: SourceObject): void => {
    objectCount.value++;
    const prefix = `${crdLabel(source.manifest)}: `;
    const got = collector.add(source.manifest, source);
    messages.push(...got.problems.map(p => objectDiagnostic(source, 'error', p, prefix)));
    messages.push(...got.notes.map(n => objectDiagnostic(source, 'note', n, prefix)));
    switch (got.outcome) {
      case 'refused':
        failed.value++;
        return;
      case 'repeated':
        messages.push(objectDiagnostic(source, 'note',
          `${prefix}the same CRD as at ${got.earlier.file}:${got.earlier.line}: its BoundSchema ${JSON.stringify(got.name)} is printed once`));
        return;
      case 'clash':
        failed.value++;
        messages.push(objectDiagnostic(source, 'error',
          `${prefix}defines ${JSON.stringify(got.name)} differently from the CRD at ${got.earlier.file}:${got.earlier.line}: `
          + 'one BoundSchema name cannot hold both; only the first is printed'));
        return;
    }
    const schema = got.schema;
    const origin = detach(source);
    firstSource.value ??= origin;
    // What is printed must pass validate: the BoundSchema's own rules, and the rules across objects against the
    // BoundSchemas made before it (they report the later of two clashing schemas; exports come at the end).
    // What it prints holds no permission claim, so no reference path reads a schema's shape.
    const facts = detached(crossObjectFacts(schema, FIELDS_READ_WITHOUT_SHAPES));
    // Looked up by group, not filtered out of every BoundSchema made so far (linear in the input, issue 23).
    const group = own(own(schema, 'spec'), 'group');
    const sameGroup = madeOfGroup.of(group);
    const across = crossObjectViolations([...sameGroup, facts], context)[sameGroup.length] ?? [];
    madeOfGroup.add(group, facts);
    madeFacts.push(facts);
    const found = [...STREAMING_RULES.perObject(schema, context), ...across];
    if (options.templateName !== undefined) {
      // What is printed is the labelled CRD, and validate judges that (KB220 among its rules: kube-bind's backend
      // makes its BoundSchema of every version, whatever --versions leaves out of the template): the BoundSchema's
      // findings are told at the CRD's paths, with the CRD's own.
      const labelled = markedExported(source.manifest);
      const checked = checkedLabelledCrd(labelled, schema, found, STREAMING_RULES.perObject(labelled, context), origin);
      checkedSchemas.push({ ...checked, manifest: detached(identityOf(labelled)) });
      if (checked.valid) {
        keptFacts.push(facts);
        labelledFacts.push(detached(crossObjectFacts(labelled, FIELDS_READ_WITHOUT_SHAPES)));
        batch.hold(manifestToYaml(labelled));
      } else {
        failed.value++;
      }
      return;
    }
    const checked = checkedOutput(schema, found, origin);
    checkedSchemas.push({ ...checked, manifest: detached(identityOf(schema)) });
    if (checked.valid) {
      keptFacts.push(facts);
      batch.hold(manifestToYaml(schema));
    } else {
      failed.value++;
    }
  };

  // Written in chunks, waiting for a slow reader: a file's BoundSchemas do not pile up in memory (nor hold off an interrupt).
  const stdout = new ChunkedWriter(io.stdout);
  const out = new YamlStreamWriter(stdout);
  const readDiagnostics: Diagnostic[] = [];
  batch.begin();
  for await (const file of streamFiles(operands, io.stdin, limits, onObject)) {
    readDiagnostics.push(...file.diagnostics);
    if (file.broken) {
      batch.rollback();
    } else {
      await batch.commit(yaml => out.writeRendered(yaml));
      await stdout.flush();
    }
    batch.begin();
  }
  await batch.commit(yaml => out.writeRendered(yaml));
  return {
    readDiagnostics,
    messages,
    madeFacts,
    keptFacts,
    labelledFacts,
    checkedSchemas,
    objectCount: objectCount.value,
    failed: failed.value,
    firstSource: firstSource.value,
    out,
    stdout,
  };
}

/** Reports on stderr, prints the export(s) of the BoundSchemas printed, and says how it went. */
async function finish(read: ReadCrds, options: FromCrdOptions, operands: readonly string[], io: CliIo): Promise<number> {
  const { context, exportName, templateName } = options;
  const messages = [...read.messages];
  let failed = read.failed;
  const inputErrors = read.readDiagnostics.some(d => d.severity === 'error');
  const inputs = operands.map(o => (o === '-' ? STDIN_NAME : o)).join(' ');
  if (read.objectCount === 0 && !inputErrors) {
    failed++;
    messages.push({ severity: 'error', file: inputs, message: 'no document in the input: expected CustomResourceDefinitions' });
  }
  if (exportName !== undefined && read.madeFacts.length === 0 && read.objectCount > 0) {
    messages.push({ severity: 'error', file: inputs, message: `no BoundSchema could be made, so no APIServiceExport ${JSON.stringify(exportName)} either` });
  }
  if (templateName !== undefined && read.keptFacts.length === 0 && read.objectCount > 0) {
    messages.push({ severity: 'error', file: inputs, message: `no CRD could be carried, so no APIServiceExportTemplate ${JSON.stringify(templateName)} either` });
  }
  for (const d of [...read.readDiagnostics, ...messages]) io.stderr.write(formatDiagnostic(d) + '\n');

  // The export(s) of every BoundSchema made are checked (and reported); those of the printed ones are printed.
  const makeExports = (from: readonly Manifest[]): Manifest[] =>
    (options.export !== undefined && from.length > 0 ? exportsForSchemas(from, options.export).exports : []);
  const exportsOfAll = makeExports(read.madeFacts);
  const exportFindings = checkExports(exportsOfAll, read.madeFacts, context);
  const checked = [...read.checkedSchemas, ...exportsOfAll.map((e, i) => checkedOutput(e, exportFindings[i], read.firstSource))];
  if (checked.some(o => o.violations.some(v => v.severity !== 'info'))) {
    io.stderr.write(TEXT_REPORTER.render({ checked, skipped: 0, inputErrors: 0 }));
  }
  failed += checked.slice(read.checkedSchemas.length).filter(o => !o.valid).length;
  let exports = makeExports(read.keptFacts);
  // The exports were checked with every schema; smaller ones are checked again. Those with an error are withheld.
  const findingsOfPrinted = read.keptFacts.length !== read.madeFacts.length ? checkExports(exports, read.keptFacts, context) : exportFindings;
  exports = exports.filter((_, i) => !findingsOfPrinted[i].some(v => v.severity === 'error'));
  if (exports.length > 1) {
    // Named after what is printed: a scope whose only BoundSchema was withheld gets no export.
    const exportNames = exports.map(e => JSON.stringify(own(own(e, 'metadata'), 'name'))).join(' and ');
    const message = 'the CRDs are of both scopes, and kube-bind refuses an export whose resources differ in scope (KB175): '
      + `--export ${JSON.stringify(exportName)} writes ${exportNames}`;
    io.stderr.write(formatDiagnostic({ severity: 'note', file: inputs, message }) + '\n');
  }
  for (const e of exports) await read.out.write(e);
  if (templateName !== undefined && read.keptFacts.length > 0) {
    const { templates, split } = templatesForSchemas(read.keptFacts, { name: templateName, kubeBindGroup: options.group });
    const findings = checkExports(templates, read.labelledFacts, context);
    const checkedTemplates = templates.map((t, i) => checkedOutput(t, findings[i], read.firstSource));
    if (checkedTemplates.some(o => o.violations.some(v => v.severity !== 'info'))) {
      io.stderr.write(TEXT_REPORTER.render({ checked: checkedTemplates, skipped: 0, inputErrors: 0 }));
    }
    if (split) {
      const names = templates.map(t => JSON.stringify(own(own(t, 'metadata'), 'name'))).join(' and ');
      io.stderr.write(formatDiagnostic({
        severity: 'note',
        file: inputs,
        message: `the CRDs are of both scopes, and kube-bind refuses a bind of mixed scopes (KB212): --template ${JSON.stringify(templateName)} writes ${names}`,
      }) + '\n');
    }
    for (const [i, t] of templates.entries()) {
      if (checkedTemplates[i].valid) await read.out.write(t);
      else failed++;
    }
  }
  await read.stdout.flush();
  if (inputErrors) return EXIT_TROUBLE;
  return failed > 0 ? EXIT_INVALID : EXIT_OK;
}

/** The findings of each export (or template): its own rules, and the rules across objects with the BoundSchemas' (or labelled CRDs') facts. */
function checkExports(exports: readonly Manifest[], schemaFacts: readonly Manifest[], context: RuleContext): Violation[][] {
  if (exports.length === 0) return [];
  const across = crossObjectViolations([...schemaFacts, ...exports], context);
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
  const crdPath = crdPathOf(manifest, source);
  return {
    file: source?.file ?? STDIN_NAME,
    index: source?.index ?? 0,
    line: source?.line ?? 1,
    manifest,
    violations: violations.map(v => ({ ...v, line: source !== undefined ? source.locate(crdPath(typeof v.path === 'string' ? v.path : '')) : 1 })),
    valid: !violations.some(v => v.severity === 'error'),
  };
}

/** A BoundSchema's path as the path of the CRD it was made of: a version's index looked up by its name (versions may have been left out). */
function crdPathOf(schema: Manifest, source: DetachedSource | undefined): (path: string) => string {
  const versions = own(own(schema, 'spec'), 'versions');
  const names: unknown[] = Array.isArray(versions) ? versions.map((v: unknown) => own(v, 'name')) : [];
  const crdVersions = source?.versionNames ?? [];
  return path => path.replace(/^spec\.versions\[(\d+)\]/, (whole, i) => {
    const at = crdVersions.indexOf(names[Number(i)]);
    return at >= 0 ? `spec.versions[${at}]` : whole;
  });
}

/**
 * The labelled CRD `from-crd --template` prints, as validate's reporter shows
 * it: its own findings, and those of the BoundSchema made of it at the CRD's
 * paths; a finding both report (a CEL rule that does not compile) once.
 */
function checkedLabelledCrd(
  labelled: Manifest, schema: Manifest, ofSchema: readonly Violation[], ofCrd: readonly Violation[], source: DetachedSource | undefined,
): CheckedObject {
  const crdPath = crdPathOf(schema, source);
  // A field the CRD's own rules already refuse is reported once, by them: the BoundSchema's error there is the same
  // mistake seen through kube-bind's copy (a protected group is KB220 on the CRD and KB185 on its BoundSchema).
  const refusedOnCrd = new Set(ofCrd.filter(v => v.severity === 'error').map(v => v.path));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  const fromSchema = ofSchema.map(s => ({ ...s, path: crdPath(typeof s.path === 'string' ? s.path : '') }))
    .filter(v => !(v.severity === 'error' && refusedOnCrd.has(v.path)));
  for (const v of [...ofCrd, ...fromSchema]) {
    const key = `${v.rule}\u0000${v.path}\u0000${v.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(v);
  }
  return {
    file: source?.file ?? STDIN_NAME,
    index: source?.index ?? 0,
    line: source?.line ?? 1,
    manifest: labelled,
    violations: violations.map(v => ({ ...v, line: source !== undefined ? source.locate(typeof v.path === 'string' ? v.path : '') : 1 })),
    valid: !violations.some(v => v.severity === 'error'),
  };
}
