/**
 * Help: the program's lists every command; each command's gives its usage,
 * every flag, and its exit statuses.
 */
import { runCli } from './cli-helpers';
import { COMMANDS } from '../../src/cli/main';
import { isProtocolDocument, KUBE_BIND_SERVED } from '../../src/rules/helpers/kube-bind-kinds';

const NAMES = ['validate', 'paths', 'migrate', 'from-crd', 'explain'];

test('the commands are exactly these, in this order', () => {
  expect(Object.keys(COMMANDS)).toEqual(NAMES);
});

test('--help lists every command with its summary, and how to get a command\'s help', async () => {
  const r = await runCli(['--help']);
  expect(r.code).toBe(0);
  expect(r.err).toBe('');
  const lines = r.out.split('\n');
  expect(lines[0]).toBe('Usage: cdk8s-kube-bind COMMAND [FLAGS] [ARGS]');
  for (const name of NAMES) {
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}${name} +${escape(COMMANDS[name].summary)}$`)));
  }
  expect(r.out).toContain("Run 'cdk8s-kube-bind COMMAND --help' (or 'cdk8s-kube-bind help COMMAND') for the flags and exit statuses of a command.");
  expect((await runCli(['-h'])).out).toBe(r.out);
  expect((await runCli(['help'])).out).toBe(r.out);
});

test('no command at all: the program help on stderr, status 2', async () => {
  const r = await runCli([]);
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toBe((await runCli(['--help'])).out);
});

describe.each(NAMES)('%s --help', name => {
  test('usage, description, every flag with its value placeholder, exit statuses; status 0', async () => {
    const r = await runCli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out.startsWith(`Usage: cdk8s-kube-bind ${COMMANDS[name].synopsis}\n\n`)).toBe(true);
    expect(COMMANDS[name].synopsis.startsWith(`${name} `)).toBe(true);
    expect(r.out).toContain(COMMANDS[name].description);
    expect(r.out).toMatch(/\nExit status: 0[ ,]/);
    expect(r.out).toMatch(/\n {2}-h, --help +show this help and exit\n$/);
    for (const flag of COMMANDS[name].flags) {
      const label = `${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`;
      expect(r.out).toMatch(new RegExp(`\\n {2}${escape(label)} +${escape(flag.description)}`));
    }
    // Lines stay readable in an 80-column terminal, the flag table aside.
    const [description] = r.out.split('\nFlags:\n');
    for (const line of description.split('\n').slice(1)) expect(line.length).toBeLessThanOrEqual(80);
  });

  test('the same text from -h, from help COMMAND, and with operands', async () => {
    const text = (await runCli([name, '--help'])).out;
    expect((await runCli([name, '-h'])).out).toBe(text);
    expect((await runCli(['help', name])).out).toBe(text);
    expect((await runCli([name, 'x.yaml', '--help'])).out).toBe(text);
  });
});

test('a repeatable flag says so', async () => {
  expect((await runCli(['validate', '--help'])).out).toMatch(/\n {6}--previous FILE\|DIR\|- +the previous state of the objects, to check each update \(repeatable\)\n/);
});

test('an unknown command suggests the closest one', async () => {
  const r = await runCli(['from-cdr', 'x.yaml']);
  expect(r.code).toBe(2);
  expect(r.err).toBe('cdk8s-kube-bind: unknown command "from-cdr" (did you mean "from-crd"?)\nRun \'cdk8s-kube-bind --help\' for usage.\n');
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('validate --help says kube-bind\'s served kinds are checked: only the binding protocol\'s documents are skipped', async () => {
  const text = (await runCli(['validate', '--help'])).out.replace(/\s+/g, ' ');
  const served = [...new Set(Object.values(KUBE_BIND_SERVED).flat())];
  const sentences = text.split(/(?<=\.) /);
  const skipping = sentences.filter(s => /skipped with a note/.test(s));
  expect(skipping).toHaveLength(1);
  for (const kind of ['BindingProvider', 'BindingResponse', 'BindingResourceResponse']) {
    expect(isProtocolDocument(kind, kind === 'BindingResponse' ? 'v1alpha1' : 'v1alpha2')).toBe(true);
    expect(skipping[0]).toContain(kind);
  }
  expect(served.filter(kind => new RegExp(`\\b${kind}\\b`).test(skipping[0]))).toEqual([]);
});
