/** The read-only queries the pane runs while a report is built: value suggestions and the preview of its first rows. */
import type { Orchestrator } from '../placements/orchestrator';
import type { ReportDraft } from './addin-service';
import type { PlatformSession } from './platform-session';
import type { PreviewTable } from './preview-table';
import { placementDraftOf } from './report-draft';
import { previewSql, previewTable } from './report-preview';
import { ValueSuggestionCache, type SuggestValuesRequest, type ValueSuggestions } from './value-suggestions';

/** The workbook's chosen deployment and environment. */
interface Context {
  deploymentId: string;
  environmentId: string;
}

export class PaneQueries {
  private readonly suggestions = new ValueSuggestionCache();

  constructor(
    private readonly session: PlatformSession,
    private readonly timezone: string,
    /** The core's layout of a draft, as Insert writes it (Orchestrator.layOut). */
    private readonly layOut: Orchestrator['layOut'],
  ) {}

  /** Drops what the signed-in key was shown (sign in, sign out). */
  forget(): void {
    this.suggestions.clear();
  }

  /** The values a filter's member has on the environment (cached for the session). */
  async suggest(context: Context, request: SuggestValuesRequest): Promise<ValueSuggestions> {
    await this.session.platform();
    const meta = await this.session.sessionMeta(context.deploymentId, context.environmentId);
    return this.suggestions.suggest(context, request, meta, this.session.runnerFor(context), this.timezone);
  }

  /** The draft's first rows laid out as Insert writes them: titles, totals, typing and formats. */
  async preview(context: Context, draft: ReportDraft): Promise<PreviewTable> {
    await this.session.platform();
    const meta = draft.mode === 'builder' ? await this.session.sessionMeta(context.deploymentId, context.environmentId) : null;
    const first = placementDraftOf({ ...draft, sqlQuery: previewSql(draft, meta) }, context);
    return previewTable(await this.layOut(first));
  }
}
