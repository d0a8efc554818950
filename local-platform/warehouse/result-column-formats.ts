/**
 * The display formats of a query's result columns (the stream header's `format` / `currency`): a column gets its
 * measure's format when an item of the outermost select list is exactly `MEASURE(member)`, a view's measure column
 * (`total_amount`, `o.total_amount`) or a `*` / `o.*` over views, aliased or not. Anything else gets none.
 */
import { MODEL_CURRENCY, type MeasureFormat, type ModelMeasure, type ModelView, type SemanticModel } from './semantic-model';
import {
  CLAUSE_WORDS,
  defaultMeasureColumnName,
  parseMeasureCall,
  resolveMeasureCall,
  significantTokens,
  SqlRewriteError,
  tableReferences,
  viewReferences,
  type ResolvedMeasure,
  type Sig,
  type TableReference,
  type ViewReference,
} from './sql-rewrite';
import { identifierName, isKeyword, tokenize, type Token } from './sql-tokenizer';

/** The header fields of a formatted column. */
export interface ColumnFormat {
  format: MeasureFormat;
  /** ISO 4217 code, for `currency` formats only. */
  currency?: string;
}

/** A result column the select list fills with a formatted measure's values. */
export interface FormattedOutput {
  /** Index of its select item, or null when a `*` item produces it. */
  position: number | null;
  /** The column's name in the result (the alias, else the engine's default name). */
  name: string;
  hint: ColumnFormat;
}

/** What the outermost select list says about formats. */
export interface SelectListFormats {
  /** Items of the select list (a result with as many columns has one column per item, in order). */
  itemCount: number;
  outputs: FormattedOutput[];
}

const SET_OPERATIONS = new Set(['union', 'except', 'intersect']);
/** Words that may follow an expression as postfix operators, so they are not an alias. */
const POSTFIX_WORDS = new Set(['isnull', 'notnull']);

/** Sig indices [from, to). */
interface Range {
  from: number;
  to: number;
}

/** The format a measure's values carry, or null for a measure without one. */
export function measureColumnFormat(measure: ModelMeasure): ColumnFormat | null {
  if (measure.format === undefined) return null;
  return measure.format === 'currency' ? { format: 'currency', currency: MODEL_CURRENCY } : { format: measure.format };
}

/** Index just past the parenthesis group opening at `sig[at]` (its closing parenthesis has the same depth). */
function pastGroup(sig: readonly Sig[], at: number): number {
  const depth = sig[at]!.depth;
  let i = at + 1;
  while (i < sig.length && !(sig[i]!.depth === depth && sig[i]!.token.text === ')')) i++;
  return i + 1;
}

/** Names the outermost WITH defines (they hide views of the same name). */
function cteNames(sig: readonly Sig[]): Set<string> {
  const names = new Set<string>();
  let i = sig.findIndex((s) => s.depth === 0 && isKeyword(s.token, 'with'));
  if (i < 0) return names;
  i++;
  if (isKeyword(sig[i]?.token, 'recursive')) i++;
  for (;;) {
    const nameToken = sig[i]?.token;
    const name = nameToken === undefined ? null : identifierName(nameToken);
    if (name === null) return names;
    names.add(name);
    i++;
    if (sig[i]?.token.text === '(') i = pastGroup(sig, i);
    if (!isKeyword(sig[i]?.token, 'as')) return names;
    i++;
    if (isKeyword(sig[i]?.token, 'not')) i++;
    if (isKeyword(sig[i]?.token, 'materialized')) i++;
    if (sig[i]?.token.text !== '(') return names;
    i = pastGroup(sig, i);
    if (sig[i]?.token.text !== ',') return names;
    i++;
  }
}

/** The items of the outermost select list, or null when there is none or a set operation joins several. */
function topLevelSelectItems(sig: readonly Sig[]): Range[] | null {
  const atTop = (s: Sig, words: ReadonlySet<string>): boolean =>
    s.depth === 0 && s.token.kind === 'word' && words.has(s.token.text.toLowerCase());
  if (sig.some((s) => atTop(s, SET_OPERATIONS))) return null;
  const select = sig.findIndex((s) => s.depth === 0 && isKeyword(s.token, 'select'));
  if (select < 0) return null;
  let i = select + 1;
  if (isKeyword(sig[i]?.token, 'all')) {
    i++;
  } else if (isKeyword(sig[i]?.token, 'distinct')) {
    i++;
    if (isKeyword(sig[i]?.token, 'on') && sig[i + 1]?.token.text === '(') i = pastGroup(sig, i + 1);
  }
  const items: Range[] = [];
  let start = i;
  for (; i <= sig.length; i++) {
    const s = sig[i];
    const ends = s === undefined || (s.depth === 0 && (s.token.text === ';' || atTop(s, CLAUSE_WORDS)));
    if (ends || (s.depth === 0 && s.token.text === ',')) {
      if (i > start) items.push({ from: start, to: i }); // a trailing comma adds no column
      start = i + 1;
    }
    if (ends) break;
  }
  return items;
}

/** The column name an alias token gives: a word as written, a quoted identifier unquoted. */
function aliasName(t: Token): string | null {
  return t.kind === 'word' ? t.text : identifierName(t);
}

/** Splits `[AS] alias` off the end of a select item. */
function splitAlias(sig: readonly Sig[], item: Range): { body: Range; alias: string | null } {
  const last = sig[item.to - 1]!.token;
  const before = item.to - 2 >= item.from ? sig[item.to - 2]!.token : undefined;
  const lastName = aliasName(last);
  if (lastName !== null && before !== undefined && isKeyword(before, 'as')) {
    return { body: { from: item.from, to: item.to - 2 }, alias: lastName };
  }
  const implicit =
    lastName !== null &&
    before !== undefined &&
    before.text !== '.' &&
    (last.kind === 'quoted' || !POSTFIX_WORDS.has(last.text.toLowerCase()));
  if (implicit) return { body: { from: item.from, to: item.to - 1 }, alias: lastName };
  return { body: item, alias: null };
}

/** The `MEASURE(...)` call that is exactly `body`, resolved, or null. */
function measureItem(sig: readonly Sig[], body: Range, refs: readonly ViewReference[], model: SemanticModel): ResolvedMeasure | null {
  if (!(isKeyword(sig[body.from]?.token, 'measure') && sig[body.from + 1]?.token.text === '(')) return null;
  try {
    const call = parseMeasureCall(sig, body.from);
    if (call.close !== body.to - 1) return null;
    return resolveMeasureCall(call, refs, model);
  } catch (e) {
    if (e instanceof SqlRewriteError) return null;
    throw e;
  }
}

/** `name`, `q.name`, `*` or `q.*` when `body` is exactly that. */
function columnItem(sig: readonly Sig[], body: Range): { qualifier: string | null; column: string | '*' } | null {
  const column = (t: Token): string | null => (t.text === '*' && t.kind === 'punct' ? '*' : identifierName(t));
  const n = body.to - body.from;
  const first = sig[body.from]!.token;
  if (n === 1) {
    const c = column(first);
    return c === null ? null : { qualifier: null, column: c };
  }
  if (n !== 3 || sig[body.from + 1]!.token.text !== '.') return null;
  const qualifier = identifierName(first);
  const c = column(sig[body.from + 2]!.token);
  return qualifier === null || c === null ? null : { qualifier, column: c };
}

/** The relation a qualifier names among the outermost FROM's relations, or null when none or several. */
function qualified(tables: readonly TableReference[], qualifier: string): TableReference | null {
  const byAlias = tables.filter((t) => t.alias === qualifier);
  const matches = byAlias.length > 0 ? byAlias : tables.filter((t) => t.alias === null && t.view?.name === qualifier);
  return matches.length === 1 ? matches[0]! : null;
}

const hasColumn = (view: ModelView, name: string): boolean =>
  view.dimensions.some((d) => d.name === name) || view.measures.some((m) => m.name === name);

/** Formatted measures of `view` as columns of a `*` item. */
function starOutputs(view: ModelView): FormattedOutput[] {
  return view.measures.flatMap((m) => {
    const hint = measureColumnFormat(m);
    return hint === null ? [] : [{ position: null, name: m.name, hint }];
  });
}

/** The formatted columns of the outermost select list of `sql` (the platform's dialect, before the MEASURE rewrite). */
export function selectListFormats(sql: string, model: SemanticModel): SelectListFormats {
  const sig = significantTokens(tokenize(sql));
  const items = topLevelSelectItems(sig);
  if (items === null) return { itemCount: 0, outputs: [] };
  const refs = viewReferences(sig, model);
  const hidden = cteNames(sig);
  // The outermost FROM's relations; a view hidden by a CTE of its name is not the view.
  const tables = tableReferences(sig, model)
    .filter((t) => t.depth === 0)
    .map((t) => (t.view !== null && t.alias === null && hidden.has(t.view.name) ? { ...t, view: null } : t));
  const outputs: FormattedOutput[] = [];
  items.forEach((item, position) => {
    const { body, alias } = splitAlias(sig, item);
    const measure = measureItem(sig, body, refs, model);
    if (measure !== null) {
      const hint = measureColumnFormat(measure.measure);
      if (hint !== null) outputs.push({ position, name: alias ?? defaultMeasureColumnName(measure), hint });
      return;
    }
    const ref = columnItem(sig, body);
    if (ref === null) return;
    if (ref.column === '*') {
      if (alias !== null) return;
      if (ref.qualifier !== null) {
        const view = qualified(tables, ref.qualifier)?.view;
        if (view !== null && view !== undefined) outputs.push(...starOutputs(view));
      } else if (tables.length > 0 && tables.every((t) => t.view !== null)) {
        outputs.push(...tables.flatMap((t) => starOutputs(t.view!)));
      }
      return;
    }
    const column = ref.column;
    const owners =
      ref.qualifier === null
        ? tables.filter((t) => t.view !== null && hasColumn(t.view, column))
        : [qualified(tables, ref.qualifier)].filter((t): t is TableReference => t !== null);
    const view = owners.length === 1 ? owners[0]!.view : null;
    const member = view?.measures.find((m) => m.name === column);
    const hint = member === undefined ? null : measureColumnFormat(member);
    if (hint !== null) outputs.push({ position, name: alias ?? column, hint });
  });
  return { itemCount: items.length, outputs };
}

/**
 * The format of each result column named `names` (in result order): an output lands on its select item's column
 * when the result has one column per item and that column has the output's name, else on the only column of that
 * name; a column two outputs claim differently gets none.
 */
export function columnFormats(sql: string, model: SemanticModel, names: readonly string[]): Array<ColumnFormat | null> {
  const { itemCount, outputs } = selectListFormats(sql, model);
  const byPosition = itemCount === names.length;
  const claims = new Map<number, ColumnFormat | null>();
  for (const o of outputs) {
    let at = byPosition && o.position !== null && names[o.position] === o.name ? o.position : -1;
    if (at < 0) {
      const same = names.flatMap((n, i) => (n === o.name ? [i] : []));
      if (same.length === 1) at = same[0]!;
    }
    if (at < 0) continue;
    const previous = claims.get(at);
    claims.set(at, previous === undefined || JSON.stringify(previous) === JSON.stringify(o.hint) ? o.hint : null);
  }
  return names.map((_, i) => claims.get(i) ?? null);
}
