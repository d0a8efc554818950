/** The browser scenarios of `npm run test:browser` for the preview: one new user's story, in order, from sign-in to the dialogs. */
import type { Page } from 'playwright-core';
import type { Scenario, Servers } from './harness';
import { PreviewPage } from './pane';
import { PreviewWorkbook } from './preview-workbook';
import { type Story } from './story';
import { earlyScenarios } from './story-early';
import { lateScenarios } from './story-late';
import { handEditScenarios } from './hand-edits';
import { authoringScenarios } from './authoring';
import { placeExistingScenarios } from './place-existing';
import { contextScenarios } from './context-rows';
import { cellParameterScenarios } from './cell-parameters';

export function buildScenarios(page: Page, servers: Servers): Scenario[] {
  const story: Story = {
    ui: new PreviewPage(page),
    wb: new PreviewWorkbook(page),
    servers,
    sheet1: 'Sheet1',
    sheet2: null,
    environment: 'Production',
    firstCells: null,
  };
  const { ui } = story;

  const scenarios: Scenario[] = [
    ...earlyScenarios(story),
    ...lateScenarios(story),
    ...handEditScenarios(story),
    ...authoringScenarios(story),
    ...placeExistingScenarios(story),
    ...contextScenarios(story),
    ...cellParameterScenarios(story),
  ];
  // Each scenario starts from the list, as the previous one (even a failed one) may have left the editor open.
  return scenarios.map((scenario) => ({
    name: scenario.name,
    run: async (ctx) => {
      await ui.home();
      await scenario.run(ctx);
    },
  }));
}
