/**
 * The `migrate` subcommand: APIServiceExport v1alpha1 manifests to v1alpha2
 * (an export plus a BoundSchema per resource), as YAML on stdout, with what
 * had no home in v1alpha2 on stderr.
 */
import { CliIo, Command, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE, ParsedArgs } from './command';
import { objectDiagnostic } from './findings';
import { temporaryFilesHelp } from './interrupt';
import { GROUP_FLAG, MAX_DOCUMENT_SIZE_FLAG, groupFlag, inputOperands } from './options';
import { formatDiagnostic } from './output';
import { tuneV8ForInputs } from './v8-tuning';
import { FileBatch } from '../io/batch';
import { Diagnostic, ReadLimits, SourceObject, streamFiles } from '../io/read';
import { RecordedInput, TempFolder } from '../io/spill';
import { ChunkedWriter } from '../io/write';
import { YamlStreamWriter } from '../io/yaml-out';
import { Sighting, V1alpha1Migration } from '../migrate/v1alpha1-to-v1alpha2';
import { own } from '../model/manifest';

export const MIGRATE_COMMAND: Command = {
  summary: 'migrate v1alpha1 APIServiceExports to v1alpha2 and BoundSchemas',
  synopsis: 'migrate [--group GROUP] [--max-document-size SIZE] FILE|DIR|- ...',
  description: [
    'Reads the given YAML files, folders and standard input (-) and prints, as',
    'one multi-document YAML stream on stdout, every object with each',
    'APIServiceExport v1alpha1 replaced by a BoundSchema (v1alpha2) carrying its',
    'resource definition, followed by an APIServiceExport v1alpha2 that exports',
    'it. Every other object (v1alpha2 exports, BoundSchemas, other kinds) is',
    'printed as it was, so migrating the output again changes nothing. Items of',
    'List documents come out as documents of their own; comments are not kept.',
    'Each result is written as soon as it is made: the input is read twice (the',
    'first time for the v1alpha2 objects a migrated one must not clash with),',
    'standard input from a copy in a temporary folder (TMPDIR).',
    '',
    'On stderr, per object, "file:line: note: ..." says what was carried over',
    'with a change or dropped because v1alpha2 has no home for it (status,',
    'server-set metadata, clusterScopedIsolation becoming isolation...). A',
    'v1alpha1 export that cannot be migrated (one its own CRD would refuse, or',
    'whose versions have different schemas) gets "file:line: error: ..." and is',
    'printed unchanged; the other objects are still migrated and printed.',
    '',
    'YAML output: apiVersion, kind and metadata first, the other keys in the',
    'object\'s own order; strings that YAML 1.1 or 1.2 would read as something',
    'else (on, yes, 0755, ~, 1e3...) are quoted, control characters escaped.',
    '',
    'Exit status: 0 when every v1alpha1 export was migrated, 1 when one could',
    'not be, 2 for bad usage or unreadable input (missing file, YAML error,',
    'binary data, input too large).',
    '',
    ...temporaryFilesHelp(['Temporary files: a copy of standard input (when - is given), read twice.']),
  ].join('\n'),
  flags: [GROUP_FLAG, MAX_DOCUMENT_SIZE_FLAG],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const folder = new TempFolder();
    const operands = inputOperands(args);
    // Standard input is read twice, as the files are: recorded in the folder, or in memory without one.
    const recorded = new RecordedInput(operands.includes('-') ? folder.file('stdin.yaml') : undefined);
    try {
      return await migrate(operands, groupFlag(args), recorded, io, settings.limits, new FileBatch(folder));
    } finally {
      recorded.close();
      folder.remove();
    }
  },
};

/**
 * Reads the input twice, one object at a time. The first pass finds what is
 * already in v1alpha2 (a made object must not clash with an object later in
 * the input) and which files are broken; the second migrates each object and
 * prints the result at once. Memory then holds a digest per v1alpha2 object,
 * not the objects.
 */
async function migrate(
  operands: readonly string[], group: string, recorded: RecordedInput, io: CliIo, limits: ReadLimits, batch: FileBatch,
): Promise<number> {
  const migration = new V1alpha1Migration({ kubeBindGroup: group });
  const readDiagnostics: Diagnostic[] = [];
  const brokenFiles = new Set<number>();
  // What the files read gave; the batch forgets what a file found broken at its end gave.
  const sightings = batch.list<Sighting>();
  const objectCount = batch.cell(0);
  const v1alpha1Exports = batch.cell(0);
  const firstPass = (source: SourceObject): void => {
    const sighting = migration.sighting(source.manifest, objectCount.value);
    if (sighting !== undefined) sightings.push(sighting);
    objectCount.value++;
    if (own(source.manifest, 'kind') === 'APIServiceExport' && own(source.manifest, 'apiVersion') === `${group}/v1alpha1`) v1alpha1Exports.value++;
  };
  let fileNumber = 0;
  tuneV8ForInputs(operands);
  batch.begin();
  for await (const file of streamFiles(operands, recorded.record(io.stdin), limits, firstPass)) {
    for (const d of file.diagnostics) readDiagnostics.push(d);
    if (file.broken) {
      brokenFiles.add(fileNumber);
      batch.rollback();
    } else {
      await batch.commit(() => undefined);
    }
    fileNumber++;
    batch.begin();
  }
  await batch.commit(() => undefined);
  for (const s of sightings) migration.add(s);

  const inputErrors = readDiagnostics.some(d => d.severity === 'error');
  for (const d of readDiagnostics) io.stderr.write(formatDiagnostic(d) + '\n');
  if (v1alpha1Exports.value === 0 && !inputErrors) {
    const count = objectCount.value;
    io.stderr.write(`cdk8s-kube-bind migrate: no APIServiceExport of ${group}/v1alpha1 in the input; `
      + `${count} ${count === 1 ? 'object' : 'objects'} printed as ${count === 1 ? 'it was' : 'they were'}\n`);
  }

  const out = new ChunkedWriter(io.stdout);
  const yaml = new YamlStreamWriter(out);
  let problems = 0;
  let index = 0;
  fileNumber = 0;
  const secondPass = async (source: SourceObject): Promise<void> => {
    if (brokenFiles.has(fileNumber)) return;
    const result = migration.migrate(source.manifest, index++);
    // Per object, its problems before its notes.
    const found = [
      ...result.problems.map(finding => ({ finding, severity: 'error' as const })),
      ...result.notes.map(finding => ({ finding, severity: 'note' as const })),
    ];
    for (const { finding, severity } of found) {
      io.stderr.write(formatDiagnostic(objectDiagnostic(source, severity, `${finding.object}: ${finding.message}`, `${finding.object}: `)) + '\n');
    }
    problems += result.problems.length;
    for (const m of result.objects) await yaml.write(m);
  };
  // The second reading finds nothing the first did not: its diagnostics were written then.
  for await (const _file of streamFiles(operands, recorded.replay(), limits, secondPass)) fileNumber++;
  await out.flush();
  if (inputErrors) return EXIT_TROUBLE;
  return problems > 0 ? EXIT_INVALID : EXIT_OK;
}
