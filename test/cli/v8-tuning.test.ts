import { spawnSync } from 'child_process';
import * as path from 'path';
import { knowsInterruptBudget } from '../../src/cli/v8-tuning';

describe('the CLI tunes V8 only with flags the running V8 knows', () => {
  test('Node 20 (V8 11.3) has --interrupt-budget; Node 21, 22 and 24 (V8 11.8, 12, 13) would print "unrecognized flag" for it', () => {
    expect(knowsInterruptBudget('11.3.244.8-node.33')).toBe(true);
    expect(knowsInterruptBudget('11.8.172.17-node.20')).toBe(false);
    expect(knowsInterruptBudget('12.4.254.21-node.33')).toBe(false);
    expect(knowsInterruptBudget('13.6.233.17-node.33')).toBe(false);
  });

  test('applying the tuning writes nothing on stderr on this Node', () => {
    const tuning = path.join(__dirname, '..', '..', 'lib', 'cli', 'v8-tuning.js');
    const run = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(tuning)}).tuneV8()`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  test('a long run loads the v8 module to tune it; a one-document run does not', () => {
    const tuning = JSON.stringify(path.join(__dirname, '..', '..', 'lib', 'cli', 'v8-tuning.js'));
    const loadsV8 = (operands: string[]): boolean => {
      // Whether tuneV8ForInputs loaded the v8 module, which nothing else in this process loads.
      const script = `require(${tuning}).tuneV8ForInputs(${JSON.stringify(operands)}); `
        + 'process.stdout.write(String(process.moduleLoadList.includes("NativeModule v8")))';
      return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout === 'true';
    };
    const small = path.join(__dirname, '..', 'fixtures');
    expect(loadsV8(['-'])).toBe(true);
    expect(loadsV8([small])).toBe(true);
    expect(loadsV8([__filename])).toBe(false);
    expect(loadsV8(['no-such-file.yaml'])).toBe(false);
  });
});
