/**
 * The time `require('cdk8s-kube-bind')` adds to an app that already loaded
 * cdk8s, constructs and cdk8s-plus-27. Run in a fresh process per sample,
 * with nothing else loaded: prints `{ "ms": ..., "cpuMs": ..., "baselineMs": ..., "maxRssBytes": ... }`.
 */
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';

const load = createRequire(__filename);

const baselineStart = performance.now();
for (const dependency of ['cdk8s', 'constructs', 'cdk8s-plus-27']) load(dependency);
const start = performance.now();
const cpu = process.cpuUsage();
load(path.resolve(process.argv[2]));
const used = process.cpuUsage(cpu);
const end = performance.now();

process.stdout.write(JSON.stringify({
  ms: end - start,
  cpuMs: (used.user + used.system) / 1000,
  baselineMs: start - baselineStart,
  maxRssBytes: peakRssBytes(),
}) + '\n');

/** As in child.ts (this script loads nothing it does not measure, so it has its own copy). */
function peakRssBytes(): number {
  try {
    const hwm = /^VmHWM:\s*(\d+)\s*kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}
