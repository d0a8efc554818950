/** A placement's growth setting: what a refresh does when its result grows into cells below that hold data. */
import { z } from 'zod';

/**
 * 'ask' stops and names the cells in the way (the default); 'insertRows' inserts whole sheet rows below the placement so
 * everything under it moves down (and deletes the rows it no longer uses when it shrinks); 'overwrite' writes over user
 * cells. No setting ever writes over another placement.
 */
export const GROWTH_SETTINGS = ['ask', 'insertRows', 'overwrite'] as const;
export type GrowthSetting = (typeof GROWTH_SETTINGS)[number];

export const growthSchema = z.enum(GROWTH_SETTINGS);

/** The record's setting; a record stored without one reads as 'ask'. */
export function growthOf(record: { growth?: GrowthSetting | undefined }): GrowthSetting {
  return record.growth ?? 'ask';
}
