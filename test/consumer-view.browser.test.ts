/**
 * The consumer's view as a reviewer sees it in a pull request: each Mermaid
 * diagram of test/support/consumer-views.ts drawn by mermaid 11 (its own
 * browser bundle) in headless Chromium. A Mermaid syntax error fails, and so
 * does a line of the text view that the drawn diagram does not show.
 *
 * Chromium is Debian's package, /usr/bin/chromium, which .ci/run installs
 * when it can; CDK8S_KUBE_BIND_CHROMIUM names another executable. Without
 * one the suite is skipped, with one line saying why.
 */
import * as fs from 'fs';
import { Browser, chromium, Page } from 'playwright-core';
import { mermaidLabels, missingFacts, normalize, ODD, textFacts, viewsOf, VIEWS } from './support/consumer-views';

const CHROMIUM = process.env.CDK8S_KUBE_BIND_CHROMIUM ?? '/usr/bin/chromium';
const MERMAID_BUNDLE = require.resolve('mermaid/dist/mermaid.min.js');

/** What Chromium shows of one diagram: the text of each label as drawn, and how many HTML elements the labels hold; or Mermaid's error. */
interface Drawn {
  readonly error?: string;
  readonly labels: string[];
  readonly markup: number;
}

/**
 * Parses and renders `source` with the page's mermaid, puts the SVG in the page and reads
 * each label back as the browser lays it out (a `<br>` is a line break).
 */
async function draw(page: Page, source: string): Promise<Drawn> {
  // The function runs in the page; the project's TypeScript has no DOM types, hence `any`.
  return page.evaluate(async (src: string) => {
    const w = globalThis as any;
    try {
      await w.mermaid.parse(src);
      w.drawn = (w.drawn ?? 0) + 1;
      const { svg } = await w.mermaid.render(`view${w.drawn}`, src);
      w.document.body.innerHTML = svg;
    } catch (e) {
      return { error: String(e instanceof Error ? e.message : e), labels: [], markup: 0 };
    }
    const root = w.document.body.querySelector('svg');
    const html: any[] = Array.from(root.querySelectorAll('foreignObject div'));
    const svgText: any[] = Array.from(root.querySelectorAll('text'));
    return {
      labels: [...html.map(d => String(d.innerText)), ...svgText.map(t => String(t.textContent))],
      markup: root.querySelectorAll('foreignObject b, foreignObject script, foreignObject img').length,
    };
  }, source);
}

/** The diagram of a fenced ```mermaid block. */
function unfenced(block: string): string {
  const match = /^```mermaid\n([\s\S]*)```\n$/.exec(block);
  if (match === null) throw new Error(`not a fenced mermaid block: ${block.slice(0, 80)}`);
  return match[1];
}

const found = fs.existsSync(CHROMIUM);
// One plain line: console.warn would add a stack location under it.
if (!found) process.stderr.write(`skipped: the consumer's view in a browser: no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium; CDK8S_KUBE_BIND_CHROMIUM names another)\n`);

(found ? describe : describe.skip)('the consumer\'s view drawn by mermaid 11 in Chromium', () => {
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, timeout: 60_000 });
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_BUNDLE });
    await page.evaluate(() => (globalThis as any).mermaid.initialize({ startOnLoad: false }));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
  }, 30_000);

  test.each(VIEWS.map(v => [v.name, v.manifests] as const))('%s: drawn, with every line of the text view', async (_, manifests) => {
    const { text, mermaid } = viewsOf(manifests);
    const drawn = await draw(page, unfenced(mermaid));
    expect(drawn.error).toBeUndefined();
    expect(missingFacts(textFacts(text), drawn.labels)).toEqual([]);
    // Each label is drawn as the text it encodes: no entity code shown as written, none taken for another.
    expect(missingFacts(mermaidLabels(mermaid), drawn.labels)).toEqual([]);
  }, 60_000);

  test('odd characters are drawn as written, and no HTML is made of them', async () => {
    const drawn = await draw(page, unfenced(viewsOf(VIEWS[0].manifests).mermaid));
    expect(drawn.labels.map(normalize)).toContain(`APIServiceExportTemplate odd: ${ODD}`);
    expect(drawn.markup).toBe(0);
  }, 60_000);

  test('a Mermaid syntax error fails the drawing', async () => {
    const drawn = await draw(page, 'flowchart LR\n  a["unclosed]\n');
    expect(drawn.error).toMatch(/Parse error|Lexical error|Syntax error/i);
  }, 60_000);
});
