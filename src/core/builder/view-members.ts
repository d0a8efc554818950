/** The members of one view (measures and dimensions with titles, types and their names inside the view), read from the metadata. */
import { AddinError } from '../errors/addin-error';
import type { Meta } from '../wire/schemas';

export interface BuilderMember {
  /** Full member name (`orders.status`). */
  name: string;
  /** The name inside its view (`status`): the result column name of the compiled SQL. */
  shortName: string;
  title: string;
  /** `number`, `string`, `time`, `boolean`... */
  type: string;
  kind: 'measure' | 'dimension';
}

export interface ViewMembers {
  measures: BuilderMember[];
  dimensions: BuilderMember[];
}

/** The member's name inside `view`: `orders.status` -> `status`. */
export function shortMemberName(view: string, name: string): string {
  if (name.startsWith(`${view}.`)) return name.slice(view.length + 1);
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

/** Measures and dimensions of `view`, with titles (title, else short title, else name) and types. */
export function membersOf(meta: Meta, view: string): ViewMembers {
  const cube = meta.cubes.find((c) => c.name === view);
  if (cube === undefined) {
    throw new AddinError('validation', `The view "${view}" is not in this environment's data model. Choose another view.`, {
      data: { view },
    });
  }
  const member = (
    m: { name: string; title?: string | undefined; shortTitle?: string | undefined; type: string },
    kind: BuilderMember['kind'],
  ): BuilderMember => ({
    name: m.name,
    shortName: shortMemberName(view, m.name),
    title: m.title ?? m.shortTitle ?? m.name,
    type: m.type,
    kind,
  });
  return {
    measures: cube.measures.map((m) => member(m, 'measure')),
    dimensions: cube.dimensions.map((d) => member(d, 'dimension')),
  };
}
