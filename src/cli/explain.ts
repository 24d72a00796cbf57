/**
 * The `explain` subcommand: for each template, v1alpha2 export or v1alpha2
 * export request, what a consumer who binds it gets (src/lifecycle/consumer-view.ts),
 * as text or as a Mermaid diagram.
 */
import { CliIo, Command, EXIT_OK, EXIT_TROUBLE, ParsedArgs } from './command';
import { GROUP_FLAG, MAX_DOCUMENT_SIZE_FLAG, NAMESPACE_PREFIX_FLAG, groupFlag, inputOperands, namespacePrefixFlag, stringFlag } from './options';
import { formatDiagnostic } from './output';
import { readInputs } from '../io/read';
import { offersOf, renderOffersMermaid, renderOffersText } from '../lifecycle/consumer-view';

const FORMATS = ['text', 'mermaid'];

export const EXPLAIN_COMMAND: Command = {
  summary: 'say what a consumer gets by binding each template or export',
  synopsis: 'explain [--output text|mermaid] [--group GROUP] [--namespace-prefix PREFIX] [--max-document-size SIZE] FILE|DIR|- ...',
  description: [
    'For every APIServiceExportTemplate, APIServiceExport (v1alpha2) and',
    'APIServiceExportRequest (v1alpha2) of the API group in the given YAML files,',
    'folders and standard input (-), says what a consumer who binds it gets:',
    '- its description;',
    '- the APIs it is served, with their versions and scope (and kind), read',
    '  from the CRDs and BoundSchemas of the input, matched by group and plural,',
    '  each bound version they mark deprecated with the warning clients receive,',
    '  and how schema updates reach the consumer and isolation;',
    '- what the provider may read and write in the consumer\'s cluster: each',
    '  permission claim, and which objects it picks (by label, by name, or by',
    '  reference from another object);',
    '- the namespaces kube-bind creates in the provider\'s cluster for each',
    '  binding, <prefix><hash>-<name>, with the backend\'s --namespace-prefix.',
    'It does not check: run validate for that.',
    '',
    'Text output: one block per template or export. Mermaid output: one',
    'flowchart that says all the text says, in a ```mermaid block, for a pull',
    'request or $GITHUB_STEP_SUMMARY (cdk8s-kube-bind explain -o mermaid dist/',
    '>> "$GITHUB_STEP_SUMMARY").',
    '',
    'Exit status: 0, or 2 for bad usage or unreadable input (missing file, YAML',
    'error, binary data, input too large).',
  ].join('\n'),
  flags: [
    { name: 'output', short: 'o', value: 'FORMAT', choices: FORMATS, description: 'output format, text or mermaid; default text' },
    GROUP_FLAG,
    NAMESPACE_PREFIX_FLAG,
    MAX_DOCUMENT_SIZE_FLAG,
  ],
  async run(args: ParsedArgs, io: CliIo, settings): Promise<number> {
    const output = stringFlag(args, 'output') ?? 'text';
    const group = groupFlag(args);
    const namespacePrefix = namespacePrefixFlag(args);
    const operands = inputOperands(args);
    const { objects, diagnostics } = await readInputs(operands, io.stdin, settings.limits);
    for (const d of diagnostics) io.stderr.write(formatDiagnostic(d) + '\n');
    const offers = offersOf(objects.map(o => o.manifest), { group, namespacePrefix });
    if (offers.length === 0 && !diagnostics.some(d => d.severity === 'error')) {
      io.stderr.write(`cdk8s-kube-bind explain: no APIServiceExportTemplate, APIServiceExport or APIServiceExportRequest (${group}/v1alpha2) in the input\n`);
    }
    if (offers.length > 0) io.stdout.write(output === 'mermaid' ? renderOffersMermaid(offers) : renderOffersText(offers));
    return diagnostics.some(d => d.severity === 'error') ? EXIT_TROUBLE : EXIT_OK;
  },
};
