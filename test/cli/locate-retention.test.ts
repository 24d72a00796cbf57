import { spawnSync } from 'child_process';
import * as path from 'path';

const LOCATE = path.join(__dirname, '..', '..', 'lib', 'io', 'locate.js');

describe('the line locator keeps nothing of earlier documents', () => {
  test('100 documents of 1 MiB each, located one after the other, leave no document text behind', () => {
    // Each document's key sits on a different line, so a key kept from an earlier document is never overwritten.
    const script = `
      const { lineOf } = require(${JSON.stringify(LOCATE)});
      const pad = '# ' + 'x'.repeat(1 << 20) + '\\n';
      global.gc();
      const before = process.memoryUsage().heapUsed;
      for (let k = 0; k < 100; k++) {
        lineOf('# c\\n'.repeat(k) + 'informerScope: 1\\n' + pad, 1, [], 'informerScope', 1);
      }
      global.gc();
      process.stdout.write(String((process.memoryUsage().heapUsed - before) / 1048576));`;
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    // One document (the last, about 1 MiB) may stay; keeping the keys' documents kept about 100 MiB.
    expect(Number(run.stdout)).toBeLessThan(8);
  });
});
