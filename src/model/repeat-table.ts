/**
 * A table of what was found for texts that may come again in a run (the
 * same object in every namespace of `kubectl get -A`), kept to at most
 * `maxChars` characters of keys, the oldest going first, so memory stays
 * flat however long the run.
 *
 * Given `minHitsPerLookup`, it turns itself off once it has filled while
 * fewer than one lookup in that many found its key: a run whose texts do
 * not repeat then pays one check per lookup, not a key and a copy per text.
 */
export class RepeatTable<V> {
  private readonly entries = new Map<string, V>();
  private chars = 0;
  private lookups = 0;
  private hits = 0;
  private off = false;

  constructor(private readonly maxChars: number, private readonly minHitsPerLookup?: number) {}

  /** Whether it turned itself off: nothing is found or kept any more. */
  public get isOff(): boolean {
    return this.off;
  }

  /** What was kept for `key`, counted as a lookup. */
  public get(key: string): V | undefined {
    if (this.off) return undefined;
    this.lookups++;
    const found = this.entries.get(key);
    if (found !== undefined) this.hits++;
    return found;
  }

  /** What was kept for `key`, not counted (a second look at an entry). */
  public peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` for `key`, making room by dropping the oldest; or turns the table off (see the class). */
  public set(key: string, value: V): void {
    if (this.off) return;
    if (this.entries.has(key)) {
      this.entries.set(key, value);
      return;
    }
    if (this.chars + key.length > this.maxChars && this.minHitsPerLookup !== undefined && this.hits * this.minHitsPerLookup < this.lookups) {
      this.off = true;
      this.entries.clear();
      this.chars = 0;
      return;
    }
    for (const old of this.entries.keys()) {
      if (this.chars + key.length <= this.maxChars) break;
      this.entries.delete(old);
      this.chars -= old.length;
    }
    this.chars += key.length;
    this.entries.set(key, value);
  }

  /** Forgets everything kept. */
  public clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}
