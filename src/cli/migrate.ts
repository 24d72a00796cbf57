/**
 * The `migrate` subcommand: APIServiceExport v1alpha1 manifests to v1alpha2
 * (an export plus a BoundSchema per resource), as YAML on stdout, with what
 * had no home in v1alpha2 on stderr.
 */
import { CliIo, Command, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE, ParsedArgs } from './command';
import { objectDiagnostic } from './findings';
import { GROUP_FLAG, groupFlag, inputOperands } from './options';
import { formatDiagnostic } from './output';
import { Diagnostic, readInputs } from '../io/read';
import { manifestsToYaml } from '../io/yaml-out';
import { migrateV1alpha1, MigrationFinding } from '../migrate/v1alpha1-to-v1alpha2';
import { own } from '../rules/values';

export const MIGRATE_COMMAND: Command = {
  summary: 'migrate v1alpha1 APIServiceExports to v1alpha2 and BoundSchemas',
  synopsis: 'migrate [--group GROUP] FILE|DIR|- ...',
  description: [
    'Reads the given YAML files, folders and standard input (-) and prints, as',
    'one multi-document YAML stream on stdout, every object with each',
    'APIServiceExport v1alpha1 replaced by a BoundSchema (v1alpha2) carrying its',
    'resource definition, followed by an APIServiceExport v1alpha2 that exports',
    'it. Every other object (v1alpha2 exports, BoundSchemas, other kinds) is',
    'printed as it was, so migrating the output again changes nothing. Items of',
    'List documents come out as documents of their own; comments are not kept.',
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
  ].join('\n'),
  flags: [GROUP_FLAG],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const group = groupFlag(args);
    const operands = inputOperands(args);
    const { objects, diagnostics } = await readInputs(operands, io.stdin, settings.limits);
    const result = migrateV1alpha1(objects.map(o => o.manifest), { kubeBindGroup: group });

    const found: Array<{ finding: MigrationFinding; severity: Diagnostic['severity'] }> = [
      ...result.problems.map(finding => ({ finding, severity: 'error' as const })),
      ...result.notes.map(finding => ({ finding, severity: 'note' as const })),
    ];
    // Per object in input order, its problems before its notes (the sort is stable).
    found.sort((a, b) => a.finding.index - b.finding.index);
    const messages: Diagnostic[] = [...diagnostics];
    for (const { finding, severity } of found) {
      const source = objects[finding.index];
      if (source === undefined) continue;
      messages.push(objectDiagnostic(source, severity, `${finding.object}: ${finding.message}`, `${finding.object}: `));
    }
    for (const d of messages) io.stderr.write(formatDiagnostic(d) + '\n');
    const exports = objects.filter(o => own(o.manifest, 'kind') === 'APIServiceExport' && own(o.manifest, 'apiVersion') === `${group}/v1alpha1`);
    if (exports.length === 0 && !diagnostics.some(d => d.severity === 'error')) {
      io.stderr.write(`cdk8s-kube-bind migrate: no APIServiceExport of ${group}/v1alpha1 in the input; `
        + `${objects.length} ${objects.length === 1 ? 'object' : 'objects'} printed as ${objects.length === 1 ? 'it was' : 'they were'}\n`);
    }

    io.stdout.write(manifestsToYaml(result.objects));
    if (diagnostics.some(d => d.severity === 'error')) return EXIT_TROUBLE;
    return result.problems.length > 0 ? EXIT_INVALID : EXIT_OK;
  },
};
