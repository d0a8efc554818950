/** The Sheets fake's `Ui`: menus (recorded with the function names their items call) and the sidebar. */
import { SCOPES, type Execution } from '../execution';

export class FakeUi {
  readonly menus: Array<{ caption: string; addon: boolean; items: Array<{ caption: string; functionName: string } | 'separator'> }> = [];
  sidebar: { title: string; content: string } | null = null;

  constructor(private readonly execution: Execution) {}

  private ui(method: string): void {
    this.execution.call(`SpreadsheetApp.Ui.${method}`, 'ui', SCOPES.containerUi);
  }

  private menu(caption: string, addon: boolean) {
    const items: Array<{ caption: string; functionName: string } | 'separator'> = [];
    const menu = {
      addItem: (itemCaption: string, functionName: string) => {
        if (typeof functionName !== 'string' || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(functionName)) {
          throw new Error(`Invalid argument: functionName`);
        }
        items.push({ caption: itemCaption, functionName });
        return menu;
      },
      addSeparator: () => {
        items.push('separator');
        return menu;
      },
      addToUi: () => {
        this.ui('Menu.addToUi');
        this.menus.push({ caption, addon, items });
      },
    };
    return menu;
  }

  createMenu(caption: string) {
    this.ui('createMenu');
    return this.menu(caption, false);
  }
  createAddonMenu() {
    this.ui('createAddonMenu');
    return this.menu('(add-on)', true);
  }
  showSidebar(userInterface: { getTitle(): string; getContent(): string }): void {
    this.ui('showSidebar');
    this.sidebar = { title: userInterface.getTitle(), content: userInterface.getContent() };
  }
}
