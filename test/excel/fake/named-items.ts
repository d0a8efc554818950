/**
 * Excel.NamedItem and Excel.NamedItemCollection of the fake: workbook-scoped names over ranges.
 * A name is hidden with `visible = false` and is `#REF!` once its cells are deleted.
 */
import { parseRect, splitReference } from './a1';
import { FakeClientObject, FakeClientResult, loadPaths, notLoaded } from './client-object';
import { fail } from './errors';
import { FakeRange } from './range';
import type { FakeRequestContext } from './request-context';
import type { NameState } from './workbook-state';

const NAME = /^[A-Za-z_\\][A-Za-z0-9_.\\]*$/;
const LOOKS_LIKE_CELL = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[Rr]|[Cc])$/;

export class FakeNamedItem extends FakeClientObject<NameState> {
  protected readonly scalarProperties = ['name', 'type', 'value', 'formula', 'visible', 'comment', 'scope'] as const;

  constructor(context: FakeRequestContext, resolve: () => NameState | null) {
    super(context, resolve);
  }

  private live(): NameState {
    const n = this.targetOrNull();
    if (n === null || !this.context.engine.state.names.has(n.name.toLowerCase()))
      fail('ItemNotFound', "The requested resource doesn't exist (named item).");
    return n;
  }

  protected read(name: string, n: NameState): unknown {
    const value = this.context.engine.state.nameValue(n);
    switch (name) {
      case 'name':
        return n.name;
      case 'type':
        return value === '#REF!' ? 'Error' : 'Range';
      case 'value':
        return value;
      case 'formula':
        return `=${value}`;
      case 'visible':
        return n.visible;
      case 'comment':
        return n.comment;
      default:
        return 'Workbook';
    }
  }

  get name(): string {
    return this.loaded('name');
  }
  get type(): string {
    return this.loaded('type');
  }
  get value(): string {
    return this.loaded('value');
  }
  get formula(): string {
    return this.loaded('formula');
  }
  get comment(): string {
    return this.loaded('comment');
  }
  get scope(): string {
    return this.loaded('scope');
  }
  get visible(): boolean {
    return this.loaded('visible');
  }
  set visible(v: boolean) {
    this.context.enqueue('setNameVisible', v, () => {
      if (typeof v !== 'boolean') fail('InvalidArgument', 'visible must be true or false.');
      this.live().visible = v;
    });
  }

  delete(): void {
    this.context.enqueue('deleteName', null, () => {
      this.context.engine.state.names.delete(this.live().name.toLowerCase());
    });
  }

  getRange(): FakeRange {
    return new FakeRange(
      this.context,
      () => this.rangeTarget() ?? fail('InvalidReference', 'This reference is not valid (the name refers to #REF!).'),
    );
  }

  getRangeOrNullObject(): FakeRange {
    return new FakeRange(this.context, () => {
      const n = this.targetOrNull();
      return n === null ? null : this.rangeTarget();
    });
  }

  private rangeTarget() {
    const n = this.live();
    const sheet = this.context.engine.state.sheets.find((s) => s.id === n.sheetId);
    if (n.broken || !sheet) return null;
    return { sheet, rect: n.rect };
  }
}

export class FakeNamedItemCollection {
  private loadedItems: FakeNamedItem[] | undefined;

  constructor(private readonly context: FakeRequestContext) {}

  get items(): FakeNamedItem[] {
    if (!this.loadedItems) notLoaded('items');
    return this.loadedItems;
  }

  load(spec?: string | string[] | { select?: string | string[] }): this {
    const names = (loadPaths(spec) ?? ['name', 'type', 'value', 'visible'])
      .map((p) => p.replace(/^items\//, ''))
      .filter((p) => p !== 'items');
    this.context.enqueue('loadNames', names, (commit) => {
      const items = [...this.context.engine.state.names.values()].map((n) => ({ item: new FakeNamedItem(this.context, () => n), n }));
      const delivered = items.map(({ item, n }) => {
        const values = new Map(names.map((p) => [p, this.readOne(item, p, n)]));
        return { item, values };
      });
      this.context.engine.addResponseBytes(JSON.stringify(delivered.map((d) => [...d.values.values()])).length);
      commit(() => {
        for (const d of delivered) d.item.deliver(d.values);
        this.loadedItems = delivered.map((d) => d.item);
      });
    });
    return this;
  }

  private readOne(item: FakeNamedItem, prop: string, n: NameState): unknown {
    return (item as unknown as { read(name: string, n: NameState): unknown }).read(prop, n);
  }

  add(name: string, reference: FakeRange | string, comment?: string): FakeNamedItem {
    let created: NameState | undefined;
    this.context.enqueue('addName', { name, reference: typeof reference === 'string' ? reference : 'range', comment }, () => {
      const state = this.context.engine.state;
      if (typeof name !== 'string' || name.length > 255 || !NAME.test(name) || LOOKS_LIKE_CELL.test(name))
        fail('InvalidArgument', `The name "${name}" is not valid.`);
      if (state.names.has(name.toLowerCase())) fail('ItemAlreadyExists', `A named item "${name}" already exists.`);
      let target;
      if (typeof reference === 'string') {
        const { sheet, address } = splitReference(reference);
        const s = sheet === null ? state.sheet(state.activeSheetId) : state.sheet(sheet);
        target = { sheet: s, rect: parseRect(address) };
      } else {
        target = reference.liveTarget();
      }
      created = { name, sheetId: target.sheet.id, rect: target.rect, broken: false, visible: true, comment: comment ?? '' };
      state.names.set(name.toLowerCase(), created);
    });
    return new FakeNamedItem(this.context, () => created ?? fail('ItemNotFound', 'The name was not added.'));
  }

  getItem(name: string): FakeNamedItem {
    return new FakeNamedItem(
      this.context,
      () => this.context.engine.state.names.get(name.toLowerCase()) ?? fail('ItemNotFound', `The named item "${name}" doesn't exist.`),
    );
  }

  getItemOrNullObject(name: string): FakeNamedItem {
    return new FakeNamedItem(this.context, () => this.context.engine.state.names.get(name.toLowerCase()) ?? null);
  }

  getCount(): FakeClientResult<number> {
    return new FakeClientResult(this.context, 'getCount', () => this.context.engine.state.names.size);
  }
}
