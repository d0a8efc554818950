/**
 * Moves of builder members within and between zones, by button, menu or keyboard: each is announced in words, and
 * after a move to another zone the focus follows the member to its new row.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { BuilderState } from '../core/builder/builder-state';
import { moveInZone, moveToZone, type Zone } from './builder-edits';
import { ZONE_ORDER, zoneItemKey, type ZoneTarget } from './ZoneList';

export const ZONE_LABELS: Record<Zone, string> = { rows: 'Rows', columns: 'Columns', measures: 'Measures' };

/** Where a zone's members may go: dimensions between Rows and Columns; measures stay in Measures. */
export function zoneTargets(zone: Zone): ZoneTarget[] {
  if (zone === 'measures') return [];
  const other: Zone = zone === 'rows' ? 'columns' : 'rows';
  return [{ zone: other, label: ZONE_LABELS[other] }];
}

export interface ZoneMoves {
  /** The element around the zones (focus after a move between zones is looked up inside it). */
  ref: RefObject<HTMLDivElement | null>;
  /** The last move in words, for a polite live region. */
  announcement: string;
  move: (zone: Zone, index: number, delta: number) => void;
  moveTo: (zone: Zone, index: number, to: Zone) => void;
  refuse: (zone: Zone, index: number, direction: -1 | 1) => void;
}

export function useZoneMoves(state: BuilderState, onChange: (next: BuilderState) => void, titleOf: (member: string) => string): ZoneMoves {
  const ref = useRef<HTMLDivElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusTo = useRef<string | null>(null);
  useLayoutEffect(() => {
    const key = focusTo.current;
    if (key === null) return;
    focusTo.current = null;
    const row = [...(ref.current?.querySelectorAll<HTMLElement>('[data-zone-item]') ?? [])].find((el) => el.dataset.zoneItem === key);
    row?.focus();
  });
  const move = (zone: Zone, index: number, delta: number) => {
    const member = state[zone][index];
    const to = index + delta;
    if (member === undefined || to < 0 || to >= state[zone].length) return;
    const next = moveInZone(state, zone, index, delta);
    onChange(next);
    setAnnouncement(
      `${titleOf(member)} moved to position ${next[zone].indexOf(member) + 1} of ${next[zone].length} in ${ZONE_LABELS[zone]}.`,
    );
  };
  const moveTo = (zone: Zone, index: number, to: Zone) => {
    const member = state[zone][index];
    const next = moveToZone(state, zone, index, to);
    if (member === undefined || next === state) return;
    focusTo.current = zoneItemKey(to, member);
    onChange(next);
    setAnnouncement(`${titleOf(member)} moved to ${ZONE_LABELS[to]}.`);
  };
  const refuse = (zone: Zone, index: number, direction: -1 | 1) => {
    const member = state[zone][index];
    if (member === undefined) return;
    const toward = ZONE_ORDER[ZONE_ORDER.indexOf(zone) + direction];
    const title = titleOf(member);
    setAnnouncement(
      toward === undefined
        ? `${title} is in the ${direction < 0 ? 'first' : 'last'} zone.`
        : zone === 'measures'
          ? `${title} is a measure: it stays in Measures.`
          : `${title} is a dimension: it goes in Rows or Columns, not ${ZONE_LABELS[toward]}.`,
    );
  };
  return { ref, announcement, move, moveTo, refuse };
}
