/** Renders the preview WorkbookView over a PreviewHost in a FluentProvider and returns role-based finders for its grid. */
import '../../helpers/setup-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { WorkbookView } from '../../../src/preview/grid/workbook-view';
import { PreviewHost } from '../../../src/preview/preview-host';
import { MemoryStorage } from '../memory-storage';
import { MemoryWorkbookStore } from '../memory-workbook-store';

export function setup(
  host = new PreviewHost({ store: new MemoryWorkbookStore(), credentialStorage: new MemoryStorage(), mintWorkbookId: () => 'wb' }),
) {
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <WorkbookView host={host} />
    </FluentProvider>,
  );
  const sheetId = host.model.sheets()[0]!.id;
  const grid = () => screen.getByRole('grid');
  const cell = (ref: string) => view.container.querySelector<HTMLElement>(`[role="gridcell"][aria-label="${ref}"]`);
  const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  return { host, sheetId, view, grid, cell, input };
}
