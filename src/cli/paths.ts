/**
 * The `paths` subcommand: the REST paths the consumer cluster serves for each
 * BoundSchema and v1alpha1 APIServiceExport, per served version, with the
 * warning clients of a deprecated version receive.
 */
import { CliIo, Command, EXIT_OK, EXIT_TROUBLE, ParsedArgs } from './command';
import { temporaryFilesHelp } from './interrupt';
import { GROUP_FLAG, MAX_DOCUMENT_SIZE_FLAG, groupFlag, inputOperands, stringFlag } from './options';
import { describeObject, formatDiagnostic } from './output';
import { readInputs, SourceObject } from '../io/read';
import { servingPaths, VersionPaths } from '../lifecycle/serving-paths';
import { own } from '../model/manifest';
import { DeprecationNote, deprecationNotes, isDefinitionManifest } from '../rules';

/** The paths of one object, as both output formats need them. */
interface ObjectPaths {
  readonly source: SourceObject;
  readonly versions: ReadonlyArray<VersionPaths & { readonly deprecation?: DeprecationNote }>;
  /** Why there are no paths, when there are none. */
  readonly none?: string;
}

const FORMATS = ['text', 'json'];

export const PATHS_COMMAND: Command = {
  summary: 'list the REST paths BoundSchemas and v1alpha1 exports serve',
  synopsis: 'paths [--output text|json] [--group GROUP] [--max-document-size SIZE] FILE|DIR|- ...',
  description: [
    'For every BoundSchema and APIServiceExport v1alpha1 of the API group in the',
    'given YAML files, folders and standard input (-), lists the REST paths the',
    'consumer cluster serves for the resource it defines, per served version:',
    'the collection (all namespaces, then one namespace for a namespaced',
    'resource), the item, and /status and /scale where the version enables them.',
    '{namespace} and {name} are placeholders. A deprecated version shows the',
    'warning clients receive with every request to it. Versions with served:',
    'false have no paths. Objects of other kinds (v1alpha2 APIServiceExports',
    'included: their resources are defined by BoundSchemas) are skipped.',
    '',
    'Text output: per object, "file:line: namespace/name (Kind apiVersion)",',
    'then each version and its paths, indented. JSON output: one array with an',
    'entry per object (file, index, line, apiVersion, kind, namespace, name,',
    'versions); each version has version, deprecated, deprecationWarning (the',
    'text clients receive, or null), defaultWarning (true when it is the API',
    'server\'s default text, null when not deprecated) and paths.',
    '',
    'Exit status: 0, or 2 for bad usage or unreadable input (missing file, YAML',
    'error, binary data, input too large).',
    '',
    ...temporaryFilesHelp([]),
  ].join('\n'),
  flags: [
    { name: 'output', short: 'o', value: 'FORMAT', choices: FORMATS, description: 'output format, text or json; default text' },
    GROUP_FLAG,
    MAX_DOCUMENT_SIZE_FLAG,
  ],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const output = stringFlag(args, 'output') ?? 'text';
    const group = groupFlag(args);
    const operands = inputOperands(args);
    const { objects, diagnostics } = await readInputs(operands, io.stdin, settings.limits);
    for (const d of diagnostics) io.stderr.write(formatDiagnostic(d) + '\n');
    const found = objects.filter(o => isDefinitionManifest(o.manifest, group)).map(pathsOf);
    if (found.length === 0 && !diagnostics.some(d => d.severity === 'error')) {
      io.stderr.write(`cdk8s-kube-bind paths: no BoundSchema (${group}/v1alpha2) or APIServiceExport (${group}/v1alpha1) `
        + `in the input; ${objects.length} other ${objects.length === 1 ? 'object' : 'objects'} skipped\n`);
    }
    io.stdout.write(output === 'json' ? renderJson(found) : renderText(found));
    return diagnostics.some(d => d.severity === 'error') ? EXIT_TROUBLE : EXIT_OK;
  },
};

function pathsOf(source: SourceObject): ObjectPaths {
  const paths = servingPaths(source.manifest);
  if (paths.length === 0) return { source, versions: [], none: whyNoPaths(source) };
  // Both list served versions in spec.versions order; the deprecated ones get the notes in turn.
  const notes = deprecationNotes(source.manifest);
  let next = 0;
  const versions = paths.map(p => {
    if (!p.deprecated) return p;
    const note = notes[next++];
    return note !== undefined && note.version === p.version ? { ...p, deprecation: note } : p;
  });
  return { source, versions };
}

function whyNoPaths(source: SourceObject): string {
  const spec = own(source.manifest, 'spec');
  const versions = own(spec, 'versions');
  const complete = typeof own(spec, 'group') === 'string'
    && typeof own(own(spec, 'names'), 'plural') === 'string' && own(own(spec, 'names'), 'plural') !== ''
    && (own(spec, 'scope') === 'Namespaced' || own(spec, 'scope') === 'Cluster');
  if (complete && Array.isArray(versions) && versions.length > 0) return 'no version is served';
  return 'spec.group, spec.names.plural, spec.scope (Namespaced or Cluster) and spec.versions are needed; run validate';
}

function renderText(found: readonly ObjectPaths[]): string {
  const lines: string[] = [];
  for (const o of found) {
    lines.push(`${o.source.file}:${o.source.line}: ${describeObject(o.source.manifest)}`);
    if (o.none !== undefined) lines.push(`  no paths: ${o.none}`);
    for (const v of o.versions) {
      const deprecation = v.deprecation === undefined ? (v.deprecated ? ' (deprecated)' : '')
        : ` (deprecated; clients receive the warning ${JSON.stringify(v.deprecation.warning)}${v.deprecation.isDefault ? ', the API server\'s default text' : ''})`;
      lines.push(`  ${v.version}${deprecation}`);
      lines.push(...v.paths.map(p => `    ${p}`));
    }
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

function renderJson(found: readonly ObjectPaths[]): string {
  const entries = found.map(o => ({
    file: o.source.file,
    index: o.source.index,
    line: o.source.line,
    apiVersion: stringOrNull(own(o.source.manifest, 'apiVersion')),
    kind: stringOrNull(own(o.source.manifest, 'kind')),
    namespace: stringOrNull(own(own(o.source.manifest, 'metadata'), 'namespace')),
    name: stringOrNull(own(own(o.source.manifest, 'metadata'), 'name')),
    versions: o.versions.map(v => ({
      version: v.version,
      deprecated: v.deprecated,
      deprecationWarning: v.deprecation?.warning ?? null,
      defaultWarning: v.deprecation?.isDefault ?? null,
      paths: v.paths,
    })),
  }));
  return JSON.stringify(entries, null, 2) + '\n';
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
