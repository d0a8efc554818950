/** Which number formats the add-in writes itself (so a refresh may replace them) as opposed to formats a user chose. */
import { GENERAL_FORMAT, TEXT_FORMAT } from '../host';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT } from './date-serial';
import { isMemberNumberFormat } from './member-format';

const FIXED = new Set([TEXT_FORMAT, DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_MS_FORMAT]);

/** A format the layouts produce: inert text, the date and timestamp formats, percent and currency amounts. */
export function isAddinFormat(format: string): boolean {
  return FIXED.has(format) || isMemberNumberFormat(format);
}

/** No format of anyone's: the host's default (a snapshot reports it as GENERAL_FORMAT, a model may say `null`). */
export function isDefaultFormat(format: string | null | undefined): boolean {
  return format === null || format === undefined || format === GENERAL_FORMAT;
}
