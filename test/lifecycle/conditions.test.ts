import { conditionProblems, isConditionTrue } from '../../src/lifecycle/condition-format';
import { Condition, ConditionOptions, ConditionTypes } from '../../src/lifecycle/conditions';
import { ConditionSeverity, ConditionStatus } from '../../src/model/enums';

const TIME = '2025-01-31T12:00:00Z';

describe('Condition.of accepts every valid combination', () => {
  const types = ['Ready', 'ProviderInSync', 'example.com/Ready', 'a.b-c.example/Synced2'];
  const statuses = [ConditionStatus.TRUE, ConditionStatus.FALSE, ConditionStatus.UNKNOWN];
  const severities = [undefined, ConditionSeverity.ERROR, ConditionSeverity.WARNING, ConditionSeverity.INFO];
  const reasons = [undefined, 'NamesAccepted', 'NA'];
  const messages = [undefined, '', 'all good'];
  const times = [TIME, '2025-01-31T12:00:00.123456+02:00'];

  const combos: ConditionOptions[] = [];
  for (const type of types) {
    for (const status of statuses) {
      for (const severity of severities) {
        if (severity !== undefined && status !== ConditionStatus.FALSE) continue;
        for (const reason of reasons) {
          for (const message of messages) {
            for (const lastTransitionTime of times) combos.push({ type, status, severity, reason, message, lastTransitionTime });
          }
        }
      }
    }
  }

  test(`all ${combos.length} combinations build and round-trip`, () => {
    expect(combos.length).toBe(4 * (1 + 1 + 1 + 3) * 3 * 3 * 2);
    for (const options of combos) {
      const c = Condition.of(options);
      const json = c.toJson();
      expect(json.type).toBe(options.type);
      expect(json.status).toBe(options.status);
      expect(json.lastTransitionTime).toBe(options.lastTransitionTime);
      for (const key of ['severity', 'reason', 'message'] as const) {
        if (options[key] === undefined) expect(json).not.toHaveProperty(key);
        else expect(json[key]).toBe(options[key]);
      }
      expect(conditionProblems(json)).toEqual([]);
    }
  });

  test('toJson writes the manifest form in the usual key order', () => {
    const c = Condition.of({
      type: 'Connected',
      status: ConditionStatus.FALSE,
      severity: ConditionSeverity.INFO,
      reason: 'APIServiceBindingNotFound',
      message: 'No APIServiceBinding exists.',
      lastTransitionTime: TIME,
    });
    expect(Object.keys(c.toJson())).toEqual(['type', 'status', 'severity', 'reason', 'message', 'lastTransitionTime']);
    expect(c.severity).toBe(ConditionSeverity.INFO);
  });
});

describe('Condition.of rejects each broken rule, naming the field', () => {
  const valid: ConditionOptions = { type: 'Ready', status: ConditionStatus.TRUE, lastTransitionTime: TIME };

  test.each<[string, Partial<Record<keyof ConditionOptions, unknown>>, RegExp]>([
    ['missing type', { type: undefined }, /type is required/],
    ['empty type', { type: '' }, /type is required/],
    ['lowercase type', { type: 'ready' }, /type "ready" must be CamelCase.*did you mean "Ready"/],
    ['type with spaces', { type: 'Names Accepted' }, /type "Names Accepted" must be CamelCase/],
    ['type with a bad domain', { type: 'Example.com/Ready' }, /type "Example.com\/Ready".*domain "Example.com"/],
    ['type with an empty domain', { type: '/Ready' }, /type "\/Ready".*empty/],
    ['type with two slashes', { type: 'a.io/b/Ready' }, /type "a.io\/b\/Ready"/],
    ['type not a string', { type: 42 }, /type must be a string, got 42/],
    ['missing status', { status: undefined }, /status is required/],
    ['lowercase status', { status: 'true' }, /status "true" must be one of "True", "False", "Unknown" \(did you mean "True"\?\)/],
    ['boolean status', { status: true }, /status true must be one of/],
    ['severity when True', { severity: ConditionSeverity.ERROR }, /severity "Error" is only allowed when status is False \(status is "True"\)/],
    ['severity when Unknown', { status: ConditionStatus.UNKNOWN, severity: ConditionSeverity.INFO }, /severity "Info" is only allowed when status is False \(status is "Unknown"\)/],
    ['unknown severity', { status: ConditionStatus.FALSE, severity: 'Fatal' }, /severity "Fatal" must be one of "Error", "Warning", "Info"/],
    ['lowercase severity', { status: ConditionStatus.FALSE, severity: 'warning' }, /did you mean "Warning"/],
    ['empty reason', { reason: '' }, /reason may not be empty/],
    ['reason not CamelCase', { reason: 'names accepted' }, /reason "names accepted" must be CamelCase \(did you mean "NamesAccepted"\?\)/],
    ['reason not a string', { reason: 3 }, /reason must be a string/],
    ['message not a string', { message: { a: 1 } }, /message must be a string/],
    ['missing lastTransitionTime', { lastTransitionTime: undefined }, /lastTransitionTime is required/],
    ['date without time', { lastTransitionTime: '2025-01-31' }, /lastTransitionTime "2025-01-31" must be an RFC 3339 date-time/],
    ['impossible date', { lastTransitionTime: '2025-02-30T00:00:00Z' }, /lastTransitionTime "2025-02-30T00:00:00Z"/],
    ['lowercase t and z', { lastTransitionTime: '2025-01-31t12:00:00z' }, /RFC 3339/],
  ])('%s', (_name, change, expected) => {
    const options = { ...valid, ...change } as ConditionOptions;
    expect(() => Condition.of(options)).toThrow(expected);
  });

  test('every broken field is reported at once', () => {
    const options = { type: 'ready', status: 'yes', reason: '', lastTransitionTime: 'now' } as unknown as ConditionOptions;
    const fields = conditionProblems(options).map(p => p.field);
    expect(fields).toEqual(['type', 'status', 'reason', 'lastTransitionTime']);
    expect(() => Condition.of(options)).toThrow(/type .*; status .*; reason .*; lastTransitionTime /);
  });

  test('non-object options are rejected, not crashed on', () => {
    expect(() => Condition.of(undefined as unknown as ConditionOptions)).toThrow(/type is required/);
    expect(conditionProblems('x')).toEqual([expect.objectContaining({ field: '', message: expect.stringContaining('must be an object') })]);
  });
});

describe('reading conditions from manifests', () => {
  const manifest = {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExport',
    status: {
      conditions: [
        { type: 'Ready', status: 'True', lastTransitionTime: TIME },
        'garbage',
        { type: 'Connected', status: 'False', severity: 'Info', reason: 'APIServiceBindingNotFound', message: 'none', lastTransitionTime: TIME },
        { type: 'ProviderInSync', status: 'True', severity: 'Error', lastTransitionTime: TIME },
        { type: 'ConsumerInSync', status: 'True' },
        { type: 'Established', status: 'Unknown', severity: '', lastTransitionTime: TIME },
      ],
    },
  };

  test('fromObject keeps well-formed entries only, in order', () => {
    const conditions = Condition.fromObject(manifest);
    expect(conditions.map(c => c.type)).toEqual(['Ready', 'Connected', 'Established']);
    expect(conditions[1].toJson()).toEqual(manifest.status.conditions[2]);
    // An empty severity means "none" in kube-bind's conditions.
    expect(conditions[2].severity).toBeUndefined();
  });

  test('find and isTrue', () => {
    expect(Condition.find(manifest, ConditionTypes.CONNECTED)?.reason).toBe('APIServiceBindingNotFound');
    expect(Condition.find(manifest, ConditionTypes.PROVIDER_IN_SYNC)).toBeUndefined();
    expect(Condition.find(manifest, 'Nope')).toBeUndefined();
    expect(Condition.isTrue(manifest, ConditionTypes.READY)).toBe(true);
    expect(isConditionTrue(manifest, ConditionTypes.READY)).toBe(true);
    expect(Condition.isTrue(manifest, ConditionTypes.CONNECTED)).toBe(false);
    // Malformed entries do not count, even when their status says True.
    expect(Condition.isTrue(manifest, ConditionTypes.PROVIDER_IN_SYNC)).toBe(false);
    expect(Condition.isTrue(manifest, ConditionTypes.CONSUMER_IN_SYNC)).toBe(false);
    expect(Condition.isTrue(manifest, ConditionTypes.ESTABLISHED)).toBe(false);
  });

  test.each([undefined, null, 'x', [], {}, { status: 'x' }, { status: { conditions: {} } }, JSON.parse('{"__proto__": {"status": 1}}')])(
    'no conditions in %p', m => {
      expect(Condition.fromObject(m)).toEqual([]);
      expect(Condition.find(m, 'Ready')).toBeUndefined();
      expect(Condition.isTrue(m, 'Ready')).toBe(false);
    });
});

describe('helpers', () => {
  test('timestamp writes RFC 3339 to the second', () => {
    const text = Condition.timestamp(new Date(Date.UTC(2025, 0, 31, 12, 0, 0, 456)));
    expect(text).toBe('2025-01-31T12:00:00Z');
    expect(() => Condition.of({ type: 'Ready', status: ConditionStatus.TRUE, lastTransitionTime: text })).not.toThrow();
  });

  test('well-known types are valid condition types', () => {
    const values = Object.values(ConditionTypes) as string[];
    expect(values).toEqual(expect.arrayContaining(['Connected', 'ProviderInSync', 'ConsumerInSync', 'Ready', 'Established', 'NamesAccepted', 'NonStructuralSchema']));
    for (const type of values) {
      expect(conditionProblems({ type, status: 'True', lastTransitionTime: TIME })).toEqual([]);
    }
  });
});
