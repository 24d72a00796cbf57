/**
 * The JSON-schema peer as a whole process, as a user runs kubeconform: loads
 * Ajv and js-yaml, reads kube-bind's CRDs (a JSON file the bench writes from
 * lib/crds before the clock, as kubeconform reads its schemas from files),
 * compiles each version's schema, checks every document of the file and
 * prints one JSON line per invalid document with Ajv's errors, then a
 * summary. The bench times it from spawn to exit, as it times the CLI.
 *
 * Usage: node peer-process.js CRDS_JSON FILE
 */
import * as fs from 'fs';
import { peerValidate } from './peer';

const [crdsFile, file] = process.argv.slice(2);
const out: string[] = [];
const { documents, invalid } = peerValidate(JSON.parse(fs.readFileSync(crdsFile, 'utf8')), fs.readFileSync(file, 'utf8'),
  (index, errors) => out.push(JSON.stringify({ file, index, errors })));
out.push(JSON.stringify({ documents, invalid }));
process.stdout.write(`${out.join('\n')}\n`);
process.exitCode = invalid > 0 ? 1 : 0;
