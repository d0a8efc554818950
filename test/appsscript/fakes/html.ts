/**
 * A strict fake of `HtmlService` over the project's .html files: outputs from a file or a template, with a title.
 * Templates evaluate `<?= ?>` and `<?!= ?>` of template properties.
 */
import { Execution } from './execution';

export class FakeHtmlOutput {
  private title = '';
  constructor(private content: string) {}
  setTitle(title: string): FakeHtmlOutput {
    this.title = String(title);
    return this;
  }
  getTitle(): string {
    return this.title;
  }
  getContent(): string {
    return this.content;
  }
  append(html: string): FakeHtmlOutput {
    this.content += html;
    return this;
  }
  setSandboxMode(): FakeHtmlOutput {
    return this;
  }
  setXFrameOptionsMode(): FakeHtmlOutput {
    return this;
  }
  addMetaTag(): FakeHtmlOutput {
    return this;
  }
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function fakeHtmlService(execution: Execution, files: ReadonlyMap<string, string>) {
  const read = (filename: string): string => {
    const name = filename.replace(/\.html$/, '');
    const content = files.get(name);
    if (content === undefined) throw new Error(`No HTML file named ${name} was found.`);
    return content;
  };
  return {
    SandboxMode: Object.freeze({ IFRAME: 'IFRAME', NATIVE: 'NATIVE', EMULATED: 'EMULATED' }),
    XFrameOptionsMode: Object.freeze({ ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' }),
    createHtmlOutput(html = ''): FakeHtmlOutput {
      execution.call('HtmlService.createHtmlOutput', 'ui', '');
      return new FakeHtmlOutput(html);
    },
    createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
      execution.call('HtmlService.createHtmlOutputFromFile', 'ui', '');
      return new FakeHtmlOutput(read(filename));
    },
    createTemplateFromFile(filename: string): Record<string, unknown> & { evaluate(): FakeHtmlOutput } {
      execution.call('HtmlService.createTemplateFromFile', 'ui', '');
      const source = read(filename);
      const template: Record<string, unknown> & { evaluate(): FakeHtmlOutput } = {
        evaluate(): FakeHtmlOutput {
          const html = source.replace(/<\?(!?)=\s*([A-Za-z_$][\w$]*)\s*\?>/g, (_m, raw: string, name: string) => {
            if (!(name in template)) throw new ReferenceError(`"${name}" is not defined.`);
            const v = String(template[name]);
            return raw ? v : escapeHtml(v);
          });
          if (html.includes('<?')) throw new Error('The fake HtmlService evaluates only <?= name ?> and <?!= name ?> scriptlets.');
          return new FakeHtmlOutput(html);
        },
      };
      return template;
    },
  };
}
