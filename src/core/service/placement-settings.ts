/** The service's per-placement settings: growth, filter values bound to cells, and refreshing when a bound cell changes. */
import { AddinError } from '../errors/addin-error';
import type { Orchestrator } from '../placements/orchestrator';
import { growthSchema, type GrowthSetting } from '../placements/growth-setting';
import type { ParameterBindingInput } from '../params/parameter-binding';
import type { SpreadsheetHost } from '../host';
import { parseBindingInputs } from './parameter-views';
import { inputNames, resolveBindings } from '../placements/parameters-phase';
import { readBoundValues, type BoundValue } from '../params/bound-values';

export class PlacementSettings {
  constructor(
    private readonly orchestrator: Pick<Orchestrator, 'setOptions' | 'bindParameters'>,
    private readonly host: Pick<SpreadsheetHost, 'activeCell' | 'layout' | 'snapshot'>,
    /** Tells the pane the list changed ('placementsChanged'). */
    private readonly changed: () => void,
  ) {}

  async setGrowth(placementId: string, growth: GrowthSetting): Promise<void> {
    const parsed = growthSchema.safeParse(growth);
    if (!parsed.success)
      throw new AddinError('validation', 'Choose what happens when rows are added below: ask, insert rows or overwrite.', {
        data: { growth: String(growth) },
      });
    await this.orchestrator.setOptions(placementId, { growth: parsed.data });
    this.changed();
  }

  /** Bindings parsed (they may come from another runtime); a reference without a sheet is on the active cell's sheet. */
  async bind(placementId: string, bindings: ParameterBindingInput[]): Promise<void> {
    const inputs = parseBindingInputs(bindings);
    const sheetId = inputs.length === 0 ? null : (await this.host.activeCell()).sheet.id;
    await this.orchestrator.bindParameters(placementId, inputs, sheetId);
    this.changed();
  }

  /**
   * The bindings of a report not placed yet, checked before its Insert writes anything: each cell or name resolved and
   * its value read and typed now (a bad one throws naming it). Returns them parsed, with the sheet a bare cell is on and
   * the values read (the Insert runs with them).
   */
  async checkBeforeInsert(bindings: unknown): Promise<{ inputs: ParameterBindingInput[]; sheetId: string; values: BoundValue[] }> {
    const inputs = parseBindingInputs(bindings);
    const sheetId = (await this.host.activeCell()).sheet.id;
    const layout = await this.host.layout(undefined, inputNames(inputs));
    const values = await readBoundValues('new', resolveBindings(inputs, layout, sheetId), layout, (ranges) => this.host.snapshot(ranges));
    return { inputs, sheetId, values };
  }

  async setRefreshOnParameterChange(placementId: string, on: unknown): Promise<void> {
    if (typeof on !== 'boolean')
      throw new AddinError('validation', 'Refresh when a parameter changes is on or off.', { data: { on: String(on) } });
    await this.orchestrator.setOptions(placementId, { refreshOnParameterChange: on });
    this.changed();
  }
}
