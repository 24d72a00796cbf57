/**
 * The `from-crd` subcommand: a BoundSchema for every CustomResourceDefinition
 * in the input, and on request the APIServiceExport that exports them all.
 */
import { CliIo, Command, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE, ParsedArgs, UsageError } from './command';
import { objectDiagnostic } from './findings';
import { GROUP_FLAG, groupFlag, inputOperands, isDnsLabel, isDnsSubdomain, stringFlag } from './options';
import { Diagnostic, readInputs, SourceObject, STDIN_NAME } from './read';
import { formatDiagnostic } from './report';
import { manifestsToYaml } from './yaml-out';
import { boundSchemaManifestFromCrd, crdLabel, exportForSchemas, schemaDifference } from '../migrate/from-crd';
import { Manifest, own } from '../rules/engine';

const INFORMER_SCOPES = ['Cluster', 'Namespaced'];

export const FROM_CRD_COMMAND: Command = {
  summary: 'make BoundSchemas (and an APIServiceExport) from CRDs',
  synopsis: 'from-crd [--export NAME] [--namespace NS] [--informer-scope Cluster|Namespaced] [--group GROUP] FILE|DIR|- ...',
  description: [
    'Prints, as one multi-document YAML stream on stdout, a BoundSchema',
    '(v1alpha2) for every CustomResourceDefinition (apiextensions.k8s.io/v1) in',
    'the given YAML files, folders and standard input (-), in input order: named',
    '<plural>.<group>, with the CRD\'s names, scope and versions and its one',
    'schema. With --export NAME, an APIServiceExport (v1alpha2) named NAME that',
    'exports every resource follows them (isolation Prefixed, the served',
    'versions of each resource).',
    '',
    'Every document must be a CRD that kube-bind can carry: a document of another',
    'kind, a CRD without versions, with different schemas per version, with a',
    'conversion webhook reached through a service... gets a',
    '"file:line: error: ..." line on stderr naming the object and what is wrong,',
    'and no BoundSchema; the other CRDs are still converted and printed. What is',
    'carried over with a change (a default written out, metadata dropped) gets',
    'a "file:line: note: ..." line. A CRD given twice is printed once; another',
    'CRD of the same name is an error.',
    '',
    'YAML output: apiVersion, kind and metadata first; strings that YAML 1.1 or',
    '1.2 would read as something else (on, yes, 0755, ~, 1e3...) are quoted.',
    '',
    'Exit status: 0 when every document became a BoundSchema, 1 when one could',
    'not (or the input holds no document), 2 for bad usage or unreadable input',
    '(missing file, YAML error, binary data, input too large).',
  ].join('\n'),
  flags: [
    { name: 'export', value: 'NAME', description: 'also print an APIServiceExport of this name that exports every resource' },
    { name: 'namespace', short: 'n', value: 'NS', description: 'namespace of the BoundSchemas and of the export; default none' },
    {
      name: 'informer-scope',
      value: 'SCOPE',
      choices: INFORMER_SCOPES,
      description: 'informerScope of the BoundSchemas and the export, Cluster or Namespaced; default Cluster',
    },
    GROUP_FLAG,
  ],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const group = groupFlag(args);
    const exportName = stringFlag(args, 'export');
    const namespace = stringFlag(args, 'namespace');
    const informerScope = stringFlag(args, 'informer-scope');
    if (exportName !== undefined && !isDnsSubdomain(exportName)) {
      throw new UsageError(`--export ${JSON.stringify(exportName)} is not an object name (a lowercase DNS subdomain such as widgets.example.com)`);
    }
    if (namespace !== undefined && !isDnsLabel(namespace)) {
      throw new UsageError(`--namespace ${JSON.stringify(namespace)} is not a namespace name (a lowercase DNS label of at most 63 characters)`);
    }
    const operands = inputOperands(args);
    const { objects, diagnostics } = await readInputs(operands, io.stdin, settings.limits);

    const messages: Diagnostic[] = [...diagnostics];
    const schemas: Manifest[] = [];
    const made = new Map<string, { source: SourceObject; spec: unknown }>();
    let failed = 0;
    for (const source of objects) {
      const prefix = `${crdLabel(source.manifest)}: `;
      const result = boundSchemaManifestFromCrd(source.manifest, {
        kubeBindGroup: group,
        ...(namespace !== undefined ? { namespace } : {}),
        ...(informerScope !== undefined ? { informerScope } : {}),
      });
      messages.push(...result.problems.map(p => objectDiagnostic(source, 'error', p, prefix)));
      messages.push(...result.notes.map(n => objectDiagnostic(source, 'note', n, prefix)));
      const schema = result.manifest;
      if (schema === undefined) {
        failed++;
        continue;
      }
      const name: string = own(own(schema, 'metadata'), 'name');
      const earlier = made.get(name);
      if (earlier === undefined) {
        made.set(name, { source, spec: own(schema, 'spec') });
        schemas.push(schema);
      } else if (schemaDifference(earlier.spec, own(schema, 'spec'), '') === undefined) {
        messages.push(objectDiagnostic(source, 'note',
          `${prefix}the same CRD as at ${earlier.source.file}:${earlier.source.line}: its BoundSchema ${JSON.stringify(name)} is printed once`));
      } else {
        failed++;
        messages.push(objectDiagnostic(source, 'error',
          `${prefix}defines ${JSON.stringify(name)} differently from the CRD at ${earlier.source.file}:${earlier.source.line}: `
          + 'one BoundSchema name cannot hold both; only the first is printed'));
      }
    }
    const inputErrors = diagnostics.some(d => d.severity === 'error');
    const inputs = operands.map(o => (o === '-' ? STDIN_NAME : o)).join(' ');
    if (objects.length === 0 && !inputErrors) {
      failed++;
      messages.push({ severity: 'error', file: inputs, message: 'no document in the input: expected CustomResourceDefinitions' });
    }
    if (exportName !== undefined && schemas.length === 0 && objects.length > 0) {
      messages.push({ severity: 'error', file: inputs, message: `no BoundSchema could be made, so no APIServiceExport ${JSON.stringify(exportName)} either` });
    }
    for (const d of messages) io.stderr.write(formatDiagnostic(d) + '\n');

    const out = [...schemas];
    if (exportName !== undefined && schemas.length > 0) {
      out.push(exportForSchemas(schemas, {
        name: exportName,
        kubeBindGroup: group,
        ...(namespace !== undefined ? { namespace } : {}),
        ...(informerScope !== undefined ? { informerScope } : {}),
      }));
    }
    io.stdout.write(manifestsToYaml(out));
    if (inputErrors) return EXIT_TROUBLE;
    return failed > 0 ? EXIT_INVALID : EXIT_OK;
  },
};
