/**
 * What one input file adds to a command's results, kept until the file has
 * been read to its end: a file found broken there (a YAML error after some
 * good documents) gives nothing, as if it had not been read, while a good
 * one's output is written in one go.
 *
 * A command declares its results through the batch (lists, maps, values)
 * and holds its output in it; `begin` marks where a file starts, `commit`
 * keeps what the file added and writes its output, `rollback` takes it all
 * back. The output waits in a `Spill`, on disk past its memory budget.
 */
import { Spill, TempFolder } from './spill';

/** A result of the command that a rollback restores to its state at `begin`. */
interface Part {
  /** Remembers the current state; returns how to go back to it. */
  mark(): () => void;
}

/** Lists of a batch by key: see `FileBatch.groups`. */
export interface Groups<K, V> {
  /** The items of `key`, in the order added (read only: add through `add`). */
  of(key: K): readonly V[];
  add(key: K, item: V): void;
}

/** A value of the batch: read and set through `value`. */
export interface Cell<T> {
  value: T;
}

export class FileBatch {
  private readonly parts: Part[] = [];
  private undo: Array<() => void> = [];
  private held: Spill<string> | undefined;
  private files = 0;

  constructor(private readonly folder: TempFolder) {}

  /** A list whose items added since `begin` a rollback removes. */
  public list<T>(): T[] {
    const items: T[] = [];
    this.parts.push({ mark: () => { const length = items.length; return () => { items.length = length; }; } });
    return items;
  }

  /** A value a rollback sets back to what it was at `begin`. */
  public cell<T>(initial: T): Cell<T> {
    const cell = { value: initial };
    this.parts.push({ mark: () => { const value = cell.value; return () => { cell.value = value; }; } });
    return cell;
  }

  /** A map whose keys added since `begin` a rollback deletes (keys are only ever added). */
  public map<K, V>(): Map<K, V> {
    const map = new Map<K, V>();
    const added: K[] = [];
    const set = map.set.bind(map);
    map.set = (key: K, value: V) => {
      if (!map.has(key)) added.push(key);
      return set(key, value);
    };
    this.parts.push({ mark: () => { added.length = 0; return () => { for (const key of added) map.delete(key); }; } });
    return map;
  }

  /**
   * Lists by key (e.g. the BoundSchemas of each API group), looked up rather
   * than filtered out of one long list; a rollback removes the items added
   * since `begin`.
   */
  public groups<K, V>(): Groups<K, V> {
    const lists = new Map<K, V[]>();
    const added: K[] = [];
    this.parts.push({ mark: () => { added.length = 0; return () => { for (const key of added.reverse()) lists.get(key)!.pop(); }; } });
    return {
      of: key => lists.get(key) ?? [],
      add: (key, item) => {
        let list = lists.get(key);
        if (list === undefined) lists.set(key, list = []);
        list.push(item);
        added.push(key);
      },
    };
  }

  /** Starts the batch of the next file. */
  public begin(): void {
    this.undo = this.parts.map(p => p.mark());
    this.held?.dispose();
    this.held = new Spill<string>(this.folder, `file-${this.files++}.jsonl`);
  }

  /** Output of the file being read, written by `commit`. */
  public hold(text: string): void {
    this.held?.write(text);
  }

  /** Keeps what the file added, and writes its output. */
  public async commit(write: (text: string) => unknown): Promise<void> {
    if (this.held !== undefined) for (const text of this.held.read()) await write(text);
    this.end();
  }

  /** Takes back what the file added, and drops its output. */
  public rollback(): void {
    for (const undo of this.undo.reverse()) undo();
    this.end();
  }

  private end(): void {
    this.undo = [];
    this.held?.dispose();
    this.held = undefined;
  }
}
