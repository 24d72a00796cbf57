import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, AppProps, Chart, ChartProps, Testing } from 'cdk8s';

/** The output folders of this test file's apps, removed after its tests. */
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh app, for one test. Not `Testing.app()`: that makes a folder in
 * TMPDIR (cdk8s.outdir.*) for every app and never removes it, hundreds per
 * run. This app's output folder is made only if it writes (`app.synth()`),
 * and removed after the test file.
 */
export function testApp(props: AppProps = {}): App {
  const outdir = path.join(os.tmpdir(), `kb-test-app-${process.pid}-${outdirs.length}`);
  outdirs.push(outdir);
  return new App({ outdir, ...props });
}

/** A chart in a fresh app, for one test. */
export function chart(props?: ChartProps): Chart {
  return new Chart(testApp(), 'test', props);
}

/** Synthesizes the chart: the validation error message, or undefined when synthesis succeeds. */
export function synthFailure(c: Chart): string | undefined {
  try {
    Testing.synth(c);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Synthesizes the chart, or returns the validation error message. */
export function synthError(c: Chart): string {
  const failure = synthFailure(c);
  if (failure === undefined) throw new Error('expected synthesis to fail, but it succeeded');
  return failure;
}

/** The manifests of one kind. */
export function ofKind(c: Chart, kind: string): any[] {
  return Testing.synth(c).filter((m: any) => m.kind === kind);
}

/** A small valid OpenAPI schema for an exported resource. */
export function widgetSchema(): any {
  return {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { size: { type: 'integer' }, replicas: { type: 'integer' } } },
      status: { type: 'object', properties: { phase: { type: 'string' }, replicas: { type: 'integer' } } },
    },
  };
}
