/** Looks up the views of the metadata and the title, kind and type of each member of one view. */
import type { Meta, MetaCube } from '../core/wire/schemas';

export interface MemberInfo {
  name: string;
  title: string;
  kind: 'measure' | 'dimension';
  /** 'number', 'string', 'time', 'boolean'... */
  type: string;
}

/** The views to author against (the platform's spreadsheet tools use views); all cubes when the metadata marks none as a view. */
export function authorableViews(meta: Meta): MetaCube[] {
  const views = meta.cubes.filter((c) => c.type === 'view');
  return views.length > 0 ? views : meta.cubes;
}

export function viewTitle(cube: MetaCube): string {
  return cube.title ?? cube.name;
}

export function membersOfView(meta: Meta, view: string | null): MemberInfo[] {
  const cube = meta.cubes.find((c) => c.name === view);
  if (cube === undefined) return [];
  return [
    ...cube.measures.map((m) => ({ name: m.name, title: m.shortTitle ?? m.title ?? m.name, kind: 'measure' as const, type: m.type })),
    ...cube.dimensions.map((d) => ({ name: d.name, title: d.shortTitle ?? d.title ?? d.name, kind: 'dimension' as const, type: d.type })),
  ];
}

export function memberIndex(meta: Meta, view: string | null): Map<string, MemberInfo> {
  return new Map(membersOfView(meta, view).map((m) => [m.name, m]));
}

/** The member's title, or its name when the view does not know it. */
export function titleOf(index: ReadonlyMap<string, MemberInfo>, member: string): string {
  return index.get(member)?.title ?? member;
}
