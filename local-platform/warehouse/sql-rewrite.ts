/**
 * The token-level rewrite of the platform's SQL dialect to DuckDB: `MEASURE(member)` becomes the measure's aggregate
 * over the view column of the same name (which holds the measure's row-level value), e.g. `MEASURE(total_amount)`
 * -> `SUM(total_amount)`. String literals, quoted identifiers and comments are never touched.
 * It runs past 300 lines because the reference finding, MEASURE parsing and aliasing all work on one token list.
 */
import { quoteIdentifier } from './model-views';
import { measureAggregate, type ModelMeasure, type ModelView, type SemanticModel } from './semantic-model';
import { identifierName, isKeyword, isSignificant, tokenize, type Token } from './sql-tokenizer';

/** A query the rewrite refuses (unknown or ambiguous measure, malformed MEASURE call). */
export class SqlRewriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SqlRewriteError';
  }
}

/** Words that start a new clause at their nesting depth. */
export const CLAUSE_WORDS = new Set([
  'select',
  'from',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'qualify',
  'window',
  'union',
  'except',
  'intersect',
  'fetch',
]);

/** Words that end a table reference, so they are never taken as its alias: a clause's first word, or a join's. */
const NOT_ALIAS = new Set([
  ...CLAUSE_WORDS,
  'join',
  'inner',
  'left',
  'right',
  'full',
  'outer',
  'cross',
  'natural',
  'on',
  'using',
  'lateral',
  'positional',
  'asof',
  'semi',
  'anti',
  'for',
  'returning',
  'tablesample',
  'pivot',
  'unpivot',
]);

/** A relation named after FROM / JOIN: a view of the model, or anything else (table, subquery, function: view null). */
export interface TableReference {
  view: ModelView | null;
  /** The alias given in FROM/JOIN, or null when the relation is referenced by its own name. */
  alias: string | null;
  /** Parenthesis depth of the FROM / JOIN word (0 for the outermost query). */
  depth: number;
}

/** A relation that is a view of the model. */
export interface ViewReference extends TableReference {
  view: ModelView;
}

/** Significant tokens with their index into the full token list and their parenthesis depth. */
export interface Sig {
  token: Token;
  index: number;
  depth: number;
}

/** The significant tokens of `tokens`, each with its parenthesis depth (a parenthesis has its outer depth). */
export function significantTokens(tokens: readonly Token[]): Sig[] {
  const out: Sig[] = [];
  let depth = 0;
  tokens.forEach((token, index) => {
    if (!isSignificant(token)) return;
    if (token.text === ')') depth = Math.max(0, depth - 1);
    out.push({ token, index, depth });
    if (token.text === '(') depth++;
  });
  return out;
}

/** Relations named after FROM / JOIN (and after commas of a FROM list), with their aliases and depths. */
export function tableReferences(sig: readonly Sig[], model: SemanticModel): TableReference[] {
  const refs: TableReference[] = [];
  const readTableRef = (at: number, depth: number): number => {
    // name ( . name )* [AS] [alias]
    let i = at;
    const other = (): number => {
      refs.push({ view: null, alias: null, depth });
      return i;
    };
    const first = sig[i];
    if (first === undefined) return other();
    let name = identifierName(first.token);
    if (name === null) return other(); // a subquery or something else that is not a view
    i++;
    while (sig[i]?.token.text === '.' && sig[i + 1] !== undefined) {
      name = identifierName(sig[i + 1]!.token);
      if (name === null) return other();
      i += 2;
    }
    if (sig[i]?.token.text === '(') return other(); // a table function, not a view
    let alias: string | null = null;
    if (isKeyword(sig[i]?.token, 'as') && sig[i + 1] !== undefined) {
      alias = identifierName(sig[i + 1]!.token);
      i += 2;
    } else {
      const t = sig[i]?.token;
      const candidate = t === undefined ? null : identifierName(t);
      if (candidate !== null && !(t!.kind === 'word' && NOT_ALIAS.has(candidate))) {
        alias = candidate;
        i++;
      }
    }
    refs.push({ view: model.find((v) => v.name === name) ?? null, alias, depth });
    return i;
  };
  for (let i = 0; i < sig.length; i++) {
    const t = sig[i]!.token;
    const depth = sig[i]!.depth;
    if (isKeyword(t, 'join')) {
      readTableRef(i + 1, depth);
    } else if (isKeyword(t, 'from')) {
      let j = readTableRef(i + 1, depth);
      while (sig[j]?.token.text === ',' && sig[j]!.depth === depth) j = readTableRef(j + 1, depth);
    }
  }
  return refs;
}

/** The views among the relations of `sig` (at any depth), with their aliases. */
export function viewReferences(sig: readonly Sig[], model: SemanticModel): ViewReference[] {
  return tableReferences(sig, model).filter((r): r is ViewReference => r.view !== null);
}

/** A parsed `MEASURE([qualifier.]member)` call. */
export interface MeasureCall {
  /** Indices into the significant tokens: the MEASURE word and the closing parenthesis. */
  open: number;
  close: number;
  qualifier: { name: string; text: string } | null;
  member: { name: string; text: string };
}

/** Parses the MEASURE call whose MEASURE word is `sig[at]`; throws SqlRewriteError when malformed. */
export function parseMeasureCall(sig: readonly Sig[], at: number): MeasureCall {
  const parts: Token[] = [];
  let j = at + 2;
  while (j < sig.length && sig[j]!.token.text !== ')') {
    parts.push(sig[j]!.token);
    j++;
  }
  const written = parts.map((p) => p.text).join('');
  if (j >= sig.length) throw new SqlRewriteError(`MEASURE(${written} is not closed.`);
  const names = parts.filter((_, k) => k % 2 === 0);
  const dots = parts.filter((_, k) => k % 2 === 1);
  const valid =
    (parts.length === 1 || parts.length === 3) && names.every((p) => identifierName(p) !== null) && dots.every((p) => p.text === '.');
  if (!valid) throw new SqlRewriteError(`MEASURE() takes one member name (like MEASURE(count)), got MEASURE(${written}).`);
  const ident = (t: Token): { name: string; text: string } => ({ name: identifierName(t)!, text: t.text });
  return parts.length === 1
    ? { open: at, close: j, qualifier: null, member: ident(parts[0]!) }
    : { open: at, close: j, qualifier: ident(parts[0]!), member: ident(parts[2]!) };
}

function memberNames(view: ModelView): string[] {
  return [...view.dimensions.map((d) => d.name), ...view.measures.map((m) => m.name)];
}

function findMeasure(view: ModelView, name: string): ModelMeasure {
  const measure = view.measures.find((m) => m.name === name);
  if (measure !== undefined) return measure;
  if (view.dimensions.some((d) => d.name === name)) {
    throw new SqlRewriteError(`${view.name}.${name} is a dimension, not a measure: it cannot be used in MEASURE().`);
  }
  throw new SqlRewriteError(`Unknown measure '${view.name}.${name}' in MEASURE(): no such member in view ${view.name}.`);
}

/** The relation name that binds a view in the query: its alias when it is only referenced through one. */
function bindingName(view: ModelView, refs: readonly ViewReference[]): string | null {
  const own = refs.filter((r) => r.view === view);
  if (own.length === 0) return null;
  if (own.some((r) => r.alias === null)) return quoteIdentifier(view.name);
  return quoteIdentifier(own[0]!.alias!);
}

/** The measure a MEASURE call names, and the column reference its aggregate runs over. */
export interface ResolvedMeasure {
  view: ModelView;
  measure: ModelMeasure;
  /** The column reference the aggregate runs over. */
  ref: string;
}

/** The measure `call` names among the query's views; throws SqlRewriteError when unknown or ambiguous. */
export function resolveMeasureCall(call: MeasureCall, refs: readonly ViewReference[], model: SemanticModel): ResolvedMeasure {
  const member = call.member;
  if (call.qualifier !== null) {
    const q = call.qualifier;
    const byAlias = refs.find((r) => r.alias === q.name);
    if (byAlias !== undefined) {
      return { view: byAlias.view, measure: findMeasure(byAlias.view, member.name), ref: `${q.text}.${member.text}` };
    }
    const view = model.find((v) => v.name === q.name);
    if (view === undefined) {
      throw new SqlRewriteError(`Unknown view '${q.name}' in MEASURE(${q.text}.${member.text}).`);
    }
    const binding = bindingName(view, refs);
    return { view, measure: findMeasure(view, member.name), ref: `${binding ?? q.text}.${member.text}` };
  }
  const referenced = [...new Set(refs.map((r) => r.view))];
  const pool = referenced.length > 0 ? referenced : model;
  const owners = pool.filter((v) => v.measures.some((m) => m.name === member.name));
  if (owners.length > 1) {
    const options = owners.map((v) => `${v.name}.${member.name}`).join(' or ');
    throw new SqlRewriteError(`Ambiguous measure '${member.name}' in MEASURE(): qualify it (${options}).`);
  }
  const view = owners[0];
  if (view === undefined) {
    const dimensionOf = pool.find((v) => v.dimensions.some((d) => d.name === member.name));
    if (dimensionOf !== undefined) findMeasure(dimensionOf, member.name); // throws "is a dimension"
    const where = referenced.length > 0 ? referenced.map((v) => v.name).join(', ') : 'the model';
    throw new SqlRewriteError(`Unknown measure '${member.name}' in MEASURE(): no such measure in ${where}.`);
  }
  // Qualify only when another referenced view has a column of the same name.
  const clash = referenced.filter((v) => v !== view && memberNames(v).includes(member.name)).length > 0;
  const binding = clash ? bindingName(view, refs) : null;
  return { view, measure: findMeasure(view, member.name), ref: binding === null ? member.text : `${binding}.${member.text}` };
}

/** The engine's name for an un-aliased `MEASURE(...)` select item: `measure(view.member)`. */
export function defaultMeasureColumnName(resolved: Pick<ResolvedMeasure, 'view' | 'measure'>): string {
  return `measure(${resolved.view.name}.${resolved.measure.name})`;
}

/** Whether the call stands alone as a select-list item without an alias (then it gets the engine-style name). */
function needsAlias(sig: readonly Sig[], call: MeasureCall, clauseAtDepth: ReadonlyMap<number, string>): boolean {
  const depth = sig[call.open]!.depth;
  if (clauseAtDepth.get(depth) !== 'select') return false;
  const before = sig[call.open - 1]?.token;
  const after = sig[call.close + 1]?.token;
  const startsItem =
    before !== undefined &&
    (before.text === ',' || isKeyword(before, 'select') || isKeyword(before, 'distinct') || isKeyword(before, 'all'));
  const endsItem =
    after === undefined ||
    after.text === ',' ||
    after.text === ')' ||
    after.text === ';' ||
    (after.kind === 'word' && CLAUSE_WORDS.has(after.text.toLowerCase()));
  return startsItem && endsItem;
}

/** Rewrites every `MEASURE(member)` of `sql`; throws SqlRewriteError naming an unknown or ambiguous measure. */
export function rewriteMeasures(sql: string, model: SemanticModel): string {
  const tokens = tokenize(sql);
  const sig = significantTokens(tokens);
  const refs = viewReferences(sig, model);
  const replacements = new Map<number, { until: number; text: string }>();
  const clauseAtDepth = new Map<number, string>();
  for (let i = 0; i < sig.length; i++) {
    const { token, depth } = sig[i]!;
    if (token.kind === 'word' && CLAUSE_WORDS.has(token.text.toLowerCase())) {
      clauseAtDepth.set(depth, token.text.toLowerCase());
    }
    if (token.text === '(') clauseAtDepth.delete(depth + 1);
    if (!(isKeyword(token, 'measure') && sig[i + 1]?.token.text === '(')) continue;
    const call = parseMeasureCall(sig, i);
    const resolved = resolveMeasureCall(call, refs, model);
    let text = measureAggregate(resolved.measure, resolved.ref);
    if (needsAlias(sig, call, clauseAtDepth)) {
      text += ` AS ${quoteIdentifier(defaultMeasureColumnName(resolved))}`;
    }
    replacements.set(sig[call.open]!.index, { until: sig[call.close]!.index, text });
    i = call.close;
  }
  if (replacements.size === 0) return sql;
  let out = '';
  for (let k = 0; k < tokens.length; k++) {
    const r = replacements.get(k);
    if (r !== undefined) {
      out += r.text;
      k = r.until;
    } else {
      out += tokens[k]!.text;
    }
  }
  return out;
}

/** Whether the outermost query has its own LIMIT (the platform's default row cap applies only without one). */
export function hasExplicitLimit(sql: string): boolean {
  return significantTokens(tokenize(sql)).some((s) => s.depth === 0 && (isKeyword(s.token, 'limit') || isKeyword(s.token, 'fetch')));
}
