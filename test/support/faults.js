/**
 * Faults injected into a child process of the tests with `node --require`:
 * the removal of the CLI's temporary folder (a folder named cdk8s-kube-bind-*)
 * made to fail or to be slow, as on a read-only or a slow disk. The CLI's
 * code is unchanged; only `fs.rmSync` misbehaves for that folder.
 *
 * KB_FAULT_RM=fail   rmSync throws EACCES, the folder stays.
 * KB_FAULT_RM=slow   rmSync first creates the file KB_FAULT_MARK (cleanup has
 *                    begun), waits 400 ms, then removes the folder.
 */
'use strict';
const fs = require('fs');
const path = require('path');

const realRmSync = fs.rmSync;
const fault = process.env.KB_FAULT_RM;

fs.rmSync = function rmSync(target, options) {
  if (path.basename(String(target)).startsWith('cdk8s-kube-bind-')) {
    if (fault === 'fail') {
      throw Object.assign(new Error(`EACCES: permission denied, rmdir '${target}'`), { code: 'EACCES', syscall: 'rmdir', path: String(target) });
    }
    if (fault === 'slow') {
      fs.writeFileSync(process.env.KB_FAULT_MARK, String(Date.now()));
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
    }
  }
  return realRmSync.call(fs, target, options);
};
