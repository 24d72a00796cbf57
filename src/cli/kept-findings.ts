/**
 * The findings of the rules across objects in a `validate` run, kept from
 * when the rules find them until the report hands each object over: each as
 * JSON in a temporary file (`ByteLog`), with only its object, place and
 * severity in memory, in typed arrays outside V8's heap.
 *
 * Why: the same export in every consumer namespace gives the same finding
 * in each (18,881 on 80 MiB of the bench's repeated-names mix, 10 MB of
 * texts); kept as objects they grew the heap with the input through the
 * rest of the rules and the whole report.
 */
import { Tally } from './output/reporter';
import { ByteLog } from '../io/byte-log';
import { TempFolder } from '../io/temp-folder';
import { Violation } from '../rules';

const SEVERITY_NUMBER = { error: 0, warning: 1, info: 2 } as const;
const OTHER_SEVERITY = 3;

export class KeptFindings {
  private readonly log: ByteLog;
  private count = 0;
  private objectOf = new Int32Array(1024);
  private starts = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private severities = new Uint8Array(1024);
  /** Once all are added (`byObject`): where each object's findings start in `order`, and the findings by object. */
  private firsts: Uint32Array | undefined;
  private order: Uint32Array | undefined;

  constructor(folder: TempFolder | undefined, name: string) {
    this.log = new ByteLog(folder, name);
  }

  /** Keeps a finding of the object numbered `index`: an object's are given back in the order added. */
  public add(index: number, violation: Violation): void {
    if (this.count === this.objectOf.length) this.grow();
    const place = this.log.append(JSON.stringify(violation));
    this.objectOf[this.count] = index;
    this.starts[this.count] = place.start;
    this.lengths[this.count] = place.length;
    this.severities[this.count] = (SEVERITY_NUMBER as Record<string, number>)[violation.severity] ?? OTHER_SEVERITY;
    this.count++;
  }

  /** Ends the adding: groups the findings by object, for `objects` objects (findings of others are dropped). */
  public byObject(objects: number): void {
    const firsts = new Uint32Array(objects + 1);
    for (let f = 0; f < this.count; f++) {
      const index = this.objectOf[f];
      if (index >= 0 && index < objects) firsts[index + 1]++;
    }
    for (let i = 0; i < objects; i++) firsts[i + 1] += firsts[i];
    const next = firsts.slice(0, objects);
    const order = new Uint32Array(firsts[objects]);
    // In the order added, within each object.
    for (let f = 0; f < this.count; f++) {
      const index = this.objectOf[f];
      if (index >= 0 && index < objects) order[next[index]++] = f;
    }
    this.firsts = firsts;
    this.order = order;
  }

  /** The counts of the findings of object `index` by severity, added to `into`. */
  public tally(index: number, into: Tally): Tally {
    const [firsts, order] = this.grouped();
    for (let at = firsts[index]; at < firsts[index + 1]; at++) {
      const severity = this.severities[order[at]];
      if (severity === SEVERITY_NUMBER.error) into.errors++;
      else if (severity === SEVERITY_NUMBER.warning) into.warnings++;
      else if (severity === SEVERITY_NUMBER.info) into.infos++;
    }
    return into;
  }

  /** The findings of object `index`, read back. */
  public of(index: number): Violation[] {
    const [firsts, order] = this.grouped();
    const out: Violation[] = [];
    for (let at = firsts[index]; at < firsts[index + 1]; at++) {
      const f = order[at];
      out.push(JSON.parse(this.log.read({ start: this.starts[f], length: this.lengths[f] })));
    }
    return out;
  }

  public close(): void {
    this.log.close();
  }

  private grouped(): [Uint32Array, Uint32Array] {
    if (this.firsts === undefined || this.order === undefined) throw new Error('KeptFindings: byObject() must come first');
    return [this.firsts, this.order];
  }

  private grow(): void {
    const size = this.objectOf.length * 2;
    this.objectOf = grown(this.objectOf, size);
    this.starts = grown(this.starts, size);
    this.lengths = grown(this.lengths, size);
    this.severities = grown(this.severities, size);
  }
}

/** A copy of `array` in a new one of `size` elements. */
function grown<T extends Int32Array | Float64Array | Uint32Array | Uint8Array>(array: T, size: number): T {
  const out = new (array.constructor as new (length: number) => T)(size);
  out.set(array);
  return out;
}
