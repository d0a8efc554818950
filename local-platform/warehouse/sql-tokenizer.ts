/** A lossless SQL tokenizer (Postgres/DuckDB lexical rules): literals, quoted identifiers and comments stay whole. */

export type TokenKind = 'space' | 'comment' | 'string' | 'quoted' | 'word' | 'number' | 'param' | 'punct';

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  /** Offset of the first character in the source. */
  readonly start: number;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DIGIT = /[0-9]/;

/** Index just past a quoted run starting at `from` (the opening quote), doubling the quote to escape it. */
function endOfQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length; // unterminated: the rest of the text
}

/** Index where a `--` comment starting at `from` ends: at the next line break, `\n` or `\r` (DuckDB ends it at either). */
function endOfLineComment(sql: string, from: number): number {
  for (let i = from + 2; i < sql.length; i++) if (sql[i] === '\n' || sql[i] === '\r') return i;
  return sql.length;
}

/** Index just past a `/* ... *\/` comment starting at `from`; comments nest, as in DuckDB and Postgres. */
function endOfBlockComment(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  return sql.length; // unterminated: the rest of the text
}

/** Splits `sql` into tokens whose texts concatenate back to `sql` exactly. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, end: number): void => {
    tokens.push({ kind, text: sql.slice(i, end), start: i });
    i = end;
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(ch)) {
      let j = i + 1;
      while (j < sql.length && /\s/.test(sql[j]!)) j++;
      push('space', j);
    } else if (ch === '-' && next === '-') {
      push('comment', endOfLineComment(sql, i));
    } else if (ch === '/' && next === '*') {
      push('comment', endOfBlockComment(sql, i));
    } else if (ch === "'") {
      push('string', endOfQuoted(sql, i, "'", false));
    } else if ((ch === 'E' || ch === 'e') && next === "'") {
      push('string', endOfQuoted(sql, i + 1, "'", true));
    } else if (ch === '"') {
      push('quoted', endOfQuoted(sql, i, '"', false));
    } else if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        push('string', close < 0 ? sql.length : close + tag[0].length);
      } else {
        let j = i + 1;
        while (j < sql.length && WORD_PART.test(sql[j]!)) j++;
        push('param', j);
      }
    } else if (WORD_START.test(ch)) {
      let j = i + 1;
      while (j < sql.length && WORD_PART.test(sql[j]!)) j++;
      push('word', j);
    } else if (DIGIT.test(ch) || (ch === '.' && next !== undefined && DIGIT.test(next))) {
      const m = /^(?:\d[\d_]*)?(?:\.\d*)?(?:[eE][+-]?\d+)?/.exec(sql.slice(i));
      push('number', i + Math.max(1, m?.[0].length ?? 1));
    } else {
      push('punct', i + 1);
    }
  }
  return tokens;
}

/** Whether the token carries meaning (not whitespace or a comment). */
export function isSignificant(t: Token): boolean {
  return t.kind !== 'space' && t.kind !== 'comment';
}

/** The identifier a word or quoted token names: unquoted words fold to lower case, quoted ones are exact. */
export function identifierName(t: Token): string | null {
  if (t.kind === 'word') return t.text.toLowerCase();
  if (t.kind === 'quoted') {
    const inner = t.text.endsWith('"') && t.text.length >= 2 ? t.text.slice(1, -1) : t.text.slice(1);
    return inner.replaceAll('""', '"');
  }
  return null;
}

/** Whether `t` is the keyword `kw` (case-insensitive; quoted identifiers never are). */
export function isKeyword(t: Token | undefined, kw: string): boolean {
  return t !== undefined && t.kind === 'word' && t.text.toLowerCase() === kw;
}
