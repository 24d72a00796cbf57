import { App, Chart, ChartProps, Testing } from 'cdk8s';

/** A chart in a fresh app, for one test. */
export function chart(props?: ChartProps): Chart {
  return new Chart(Testing.app(), 'test', props);
}

/** Synthesizes the chart, or returns the validation error message. */
export function synthError(c: Chart): string {
  try {
    Testing.synth(c);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected synthesis to fail, but it succeeded');
}

/** The manifests of one kind. */
export function ofKind(c: Chart, kind: string): any[] {
  return Testing.synth(c).filter((m: any) => m.kind === kind);
}

export function appOf(c: Chart): App {
  return c.node.root as App;
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
